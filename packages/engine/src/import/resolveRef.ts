import { ImportWarnings } from './importWarnings.js';
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

/**
 * Local `$ref`s only: DESIGN §7, importing never fetches anything. A reference that cannot be followed
 * (external, dangling, circular) is named in a warning and reads as an empty object: a schema that
 * accepts anything, an object with nothing in it.
 */
export class RefResolver {
  // the same few references are met thousands of times in a large document
  private readonly found = new Map<string, Located>();

  constructor(
    private readonly root: unknown,
    readonly warnings = new ImportWarnings(),
  ) {}

  /** What `ref` points to; `at` is where the `$ref` is written. */
  lookup(ref: unknown, at: string): Located {
    if (typeof ref !== 'string') return this.unfollowed(at, 'A $ref must be a string: it is not followed');
    const known = this.found.get(ref);
    if (known) return known;
    const segments = splitPointer(ref.trim());
    if (!segments) {
      return this.unfollowed(at, `The external reference ${ref} is not followed: it accepts any value`);
    }
    const located = this.walk(segments);
    if (!located) return this.unfollowed(at, `The reference ${ref} points to nothing: it accepts any value`);
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

  /**
   * An empty object standing for what a reference at `at` would have named. Its pointer is the `$ref`
   * itself, never a named schema's: `Pet: {$ref: other.yaml}` must not read as a reference to `Pet`.
   */
  unfollowed(at: string, message: string): Located {
    const pointer = childPointer(at, '$ref');
    this.warnings.add(pointer, message);
    return { value: {}, pointer };
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
      if (visited.has(current.pointer)) {
        return this.unfollowed(current.pointer, 'This $ref refers back to itself: it accepts any value');
      }
      visited.add(current.pointer);
      current = this.lookup(current.value.$ref, current.pointer);
    }
    return current;
  }

  /** Like follow, for places where the result must be an object (parameter, response, request body). */
  followObject(located: Located, what: string): { value: Json; pointer: string } {
    const target = this.follow(located);
    if (isObject(target.value)) return { value: target.value, pointer: target.pointer };
    this.warnings.add(target.pointer, `${what} must be an object: it is read as an empty one`);
    return { value: {}, pointer: target.pointer };
  }
}
