// Prism's static sampler (json-schema-sampler, with the budget prism-http's generateStatic gives it),
// handed a schema in the form Prism hands it one. Prism reads a document through
// json-schema-ref-parser's dereference, json's decycle and bundleTarget (prism-http's
// getHttpOperationsFromSpec): every reference is written out in place, and only where a schema
// recurs inside itself is it a reference, to where it was first written out (`#/__bundled__/…`).
// The sampler follows one reference once: so Prism's sample goes one level deeper into a recursive
// schema than the sampler given the document's named schemas would.

import { sample } from '@stoplight/json-schema-sampler';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BUNDLED = '__bundled__';
/**
 * Writing references out copies a shared schema once per place it is used: a document whose schemas
 * use each other many times over would grow without bound (Prism's own reading grows so). Past this
 * many copied schemas, or deeper than the stack goes, the sampler is given the references as written.
 */
const MAX_WRITTEN_OUT = 20_000;

/** The value a local reference (`#/components/schemas/Pet`) points to in `root`, if any. */
function resolveLocal(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let at: unknown = root;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(at) && !Array.isArray(at)) return undefined;
    if (!Object.hasOwn(at, key)) return undefined;
    at = (at as Json)[key];
  }
  return at;
}

class TooLarge extends Error {}

/**
 * `node` as json-schema-ref-parser's dereference leaves it: a reference is the schema it points to
 * (one object wherever it is used); one with other keywords beside it is a new object of its own,
 * those keywords first, then the schema's. A reference `root` does not hold stays as written.
 */
function dereferencer(root: unknown): (node: unknown) => unknown {
  const extended = new WeakMap<object, Json>();
  const follow = (node: unknown, seen = new Set<object>()): unknown => {
    if (!isObject(node) || typeof node.$ref !== 'string' || seen.has(node)) return node;
    seen.add(node);
    const target = resolveLocal(root, node.$ref);
    if (target === undefined) return node;
    if (Object.keys(node).length === 1) return follow(target, seen);
    let merged = extended.get(node);
    if (!merged) {
      const { $ref: _, ...beside } = node;
      const followed = follow(target, seen);
      merged = { ...beside };
      if (isObject(followed))
        for (const [name, value] of Object.entries(followed)) if (!(name in merged)) merged[name] = value;
      extended.set(node, merged);
    }
    return merged;
  };
  return follow;
}

/**
 * `schema` with its references into `root` written out, as Prism's reading writes them (json's
 * decycle, then bundleTarget): an object met again inside itself is a reference to where it was first
 * written out, under `__bundled__` of the root returned.
 *
 * The sampler knows a schema it is inside of by identity, and what Prism gives it shares objects as
 * this does: `__bundled__` holds places of one written-out tree (a place inside another is one object
 * in both), and the schema sampled is a copy of that tree (http-spec's translation of it).
 */
export function bundleAsPrism(schema: unknown, root: unknown): { schema: unknown; root: Json } {
  const follow = dereferencer(root);
  const bundled: Json = {};
  const onPath = new Map<object, { key: string; out: object; place?: string }>();
  let written = 0;

  const placeOf = (entry: { key: string; out: object; place?: string }) => {
    if (entry.place === undefined) {
      let place = entry.key;
      for (let n = 2; Object.hasOwn(bundled, place); n++) place = `${entry.key}_${n}`;
      entry.place = place;
      bundled[place] = entry.out;
    }
    return entry.place;
  };

  const writeOut = (node: unknown, key: string): unknown => {
    const value = follow(node);
    if (typeof value !== 'object' || value === null) return value;
    const ancestor = onPath.get(value);
    if (ancestor) return { $ref: `#/${BUNDLED}/${placeOf(ancestor)}` };
    if (++written > MAX_WRITTEN_OUT) throw new TooLarge();
    const out: Json | unknown[] = Array.isArray(value) ? [] : {};
    onPath.set(value, { key, out });
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) (out as unknown[]).push(writeOut(item, `${key}_${index}`));
    } else {
      for (const [name, child] of Object.entries(value)) (out as Json)[name] = writeOut(child, name);
    }
    onPath.delete(value);
    return out;
  };

  try {
    const tree = writeOut(schema, 'schema');
    return {
      schema: structuredClone(tree),
      root: { ...(isObject(root) ? root : {}), [BUNDLED]: bundled },
    };
  } catch (error) {
    // a RangeError: references written out deeper than the stack goes
    if (error instanceof TooLarge || error instanceof RangeError)
      return { schema, root: isObject(root) ? root : {} };
    throw error;
  }
}

/** Prism's static sample of `schema`, whose references point into `root`. */
export function staticSample(schema: unknown, root: unknown): unknown {
  const given = bundleAsPrism(schema, root);
  return sample(given.schema as Parameters<typeof sample>[0], { ticks: 2500 }, given.root);
}
