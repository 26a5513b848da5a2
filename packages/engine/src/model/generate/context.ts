import type { JsonSchema } from '../toJsonSchema.js';
import { type Checking, nameOfTarget, type Resolve } from './conforms.js';
import type { Random } from './random.js';
import type { Clock } from './realisticValues.js';

/**
 * Values are cut by nesting: past SHALLOW levels only required properties are written and arrays hold
 * their fewest items; past DEEP a nullable value is null. A circular schema (a Node with Node
 * children) is cut sooner: a named schema shows inside itself once (RECURSION), then only as required.
 * MAX_VALUES bounds one answer however the document fans out.
 */
export const SHALLOW = 5;
export const DEEP = 8;
export const MAX_DEPTH = 32;
export const MAX_VALUES = 2_000;
export const RECURSION = 2;
/**
 * A hostile document may demand a huge value (`minItems: 1e9`, `minLength: 1e9`): past these it gets
 * a smaller one that fails its schema, and past twice MAX_VALUES values generation stops.
 */
export const MAX_LENGTH = 10_000;
export const MAX_ITEMS = 1_000;

/** What one value's generation shares. */
export interface Generation {
  resolve: Resolve;
  random: Random;
  clock: Clock;
  /** A response carries `readOnly` properties and leaves `writeOnly` ones out; a request the reverse. */
  direction: 'response' | 'request';
  /** Values still to write: past zero, only what the schema requires. */
  left: number;
  /** Whether the document's examples and defaults may be used (a retry turns them off). */
  examples: boolean;
  check: Checking;
  /** Named schemas being written, outermost first, with how many times each is open. */
  following: Map<string, number>;
  /** Schemas already flattened ($ref followed, allOf merged), by identity. */
  flat: WeakMap<object, Flat>;
  generate: (schema: JsonSchema, name: string, depth: number) => unknown;
}

/** A schema with its references followed and `allOf` merged; `named` is the schema it was reached by. */
export interface Flat {
  schema: Record<string, unknown> | false;
  named?: string;
}

/** Whether this value should be as small as the schema allows. */
export const shallow = (generation: Generation, depth: number) => depth >= SHALLOW || generation.left <= 0;

/** Whether a property's or item's schema names a schema already open RECURSION times (a cycle). */
export function recursive(schema: unknown, generation: Generation): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as Record<string, unknown>;
  const ref =
    typeof s.$ref === 'string'
      ? s.$ref
      : typeof (s.items as Record<string, unknown>)?.$ref === 'string'
        ? ((s.items as Record<string, unknown>).$ref as string)
        : undefined;
  if (ref === undefined) return false;
  return (generation.following.get(nameOfTarget(ref)) ?? 0) >= RECURSION;
}
