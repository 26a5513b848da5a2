import { ImportError } from './ImportError.js';
import { childPointer, splitPointer } from './pointer.js';

export type Json = Record<string, unknown>;

/** A value of the document and the pointer it was found at, for error details. */
export interface Located {
  value: unknown;
  pointer: string;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRef(value: unknown): value is Json & { $ref: unknown } {
  return isObject(value) && '$ref' in value;
}

/** Local `$ref`s only: DESIGN §7, importing never fetches anything. */
export class RefResolver {
  // the same few references are met thousands of times in a large document
  private readonly found = new Map<string, Located>();

  constructor(private readonly root: unknown) {}

  /** What `ref` points to; `at` is where the `$ref` is written. */
  lookup(ref: unknown, at: string): Located {
    if (typeof ref !== 'string') throw new ImportError('A $ref must be a string', at);
    const known = this.found.get(ref);
    if (known) return known;
    const located = this.locate(ref, at);
    this.found.set(ref, located);
    return located;
  }

  /** Like lookup, null for a reference that leaves the document or points to nothing. */
  tryLookup(ref: string): Located | null {
    const known = this.found.get(ref);
    if (known) return known;
    const segments = splitPointer(ref.trim());
    const located = segments ? this.walk(segments) : null;
    if (located) this.found.set(ref, located);
    return located;
  }

  private locate(ref: string, at: string): Located {
    const segments = splitPointer(ref.trim());
    if (!segments) throw new ImportError(`External references are not followed: ${ref}`, at);
    const located = this.walk(segments);
    if (!located) throw new ImportError(`The reference ${ref} points to nothing`, at);
    return located;
  }

  private walk(segments: string[]): Located | null {
    let value = this.root;
    for (const segment of segments) {
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return null;
      value = (value as Json)[segment];
    }
    return { value, pointer: childPointer('#', ...segments) };
  }

  /** Follows a chain of `$ref`s to the first value that is not one. */
  follow(located: Located): Located {
    let current = located;
    const visited = new Set<string>();
    while (isRef(current.value)) {
      if (visited.has(current.pointer))
        throw new ImportError('A $ref refers back to itself', current.pointer);
      visited.add(current.pointer);
      current = this.lookup(current.value.$ref, current.pointer);
    }
    return current;
  }

  /** Like follow, for places where the result must be an object (parameter, response, request body). */
  followObject(located: Located, what: string): { value: Json; pointer: string } {
    const target = this.follow(located);
    if (!isObject(target.value)) throw new ImportError(`${what} must be an object`, target.pointer);
    return { value: target.value, pointer: target.pointer };
  }
}
