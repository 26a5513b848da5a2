import { childPointer } from './pointer.js';
import { isObject, type Json, type RefResolver } from './resolveRef.js';

/** `example`, else the value of the first of `examples` (Example Objects, possibly referenced). */
export function readExample(holder: Json, pointer: string, resolver: RefResolver): unknown {
  if ('example' in holder) return holder.example;
  const { examples } = holder;
  if (!isObject(examples)) return undefined;
  const [first] = Object.entries(examples);
  if (!first) return undefined;
  const [key, value] = first;
  const example = resolver.follow({ value, pointer: childPointer(pointer, 'examples', key) }).value;
  return isObject(example) ? example.value : undefined;
}
