import { randomUUID } from 'node:crypto';
import { randomInt, randomString, realisticNumber, realisticString } from './fakeValues.js';
import { fromPattern } from './fromPattern.js';
import type { Schemas, Shape } from './shapes.js';
import { PatternBudget, REQUEST_PATTERN_WORK } from './tenantPattern.js';

/**
 * Circular schemas (a Node with Node children) are cut by nesting: past SHALLOW levels, arrays are
 * empty and optional fields are left out; past DEEP levels only what is required remains.
 */
const SHALLOW = 3;
const DEEP = 8;
const MAX_REF_HOPS = 16;
const ARRAY_LENGTH = 3;

/** One generated value: the API's named schemas, and what testing candidates against patterns may cost. */
interface Generation {
  schemas: Schemas;
  patterns: PatternBudget;
}

/**
 * A value that satisfies its shape (DESIGN §6): the default, else the document's example, else the
 * auto-generation type, else a value of the type chosen by the field's name, within its limits.
 */
export function generateValue(shape: Shape, name: string, schemas: Schemas): unknown {
  return generate(shape, name, { schemas, patterns: new PatternBudget(REQUEST_PATTERN_WORK) }, 0, 0);
}

function generate(shape: Shape, name: string, generation: Generation, depth: number, hops: number): unknown {
  if (shape.default !== undefined) return shape.default;
  if (shape.example !== undefined) return shape.example;
  if (shape.ref || shape.oneOf) {
    const named = generation.schemas.get(shape.ref ?? shape.oneOf?.[0] ?? '');
    if (!named || hops >= MAX_REF_HOPS) return shape.nullable ? null : {};
    return generate(named, name, generation, depth, hops + 1);
  }
  if (shape.enum?.length) return shape.enum[0];
  switch (shape.autoGeneration) {
    case 'UUID':
      if (shape.type === 'string') return randomUUID();
      break;
    case 'Random Number':
      if (shape.type === 'string') return String(randomInt(1, 999_999));
      return randomInt(shape.minimum ?? 1, shape.maximum ?? 999_999);
    case 'Random String':
      if (shape.type === 'string') return fitLength(randomString(12), shape);
  }
  return generateByType(shape, name, generation, depth);
}

function generateByType(shape: Shape, name: string, generation: Generation, depth: number): unknown {
  switch (shape.type) {
    case 'string':
      return generateString(shape, name, generation.patterns);
    case 'integer':
    case 'number':
      return realisticNumber(name, shape.type === 'integer', shape.minimum, shape.maximum);
    case 'boolean':
      return Math.random() < 0.5;
    case 'null':
      return null;
    case 'array': {
      const least = shape.minLength ?? 0;
      if (!shape.items || (depth >= SHALLOW && least === 0)) return [];
      const length = Math.min(
        Math.max(depth >= SHALLOW ? least : ARRAY_LENGTH, least),
        shape.maxLength ?? ARRAY_LENGTH,
      );
      return Array.from({ length }, () =>
        generate(shape.items as Shape, singular(name), generation, depth + 1, 0),
      );
    }
    default: {
      const out: Record<string, unknown> = {};
      for (const { key, required, shape: child } of shape.properties ?? []) {
        if (child.writeOnly) continue;
        if (depth >= SHALLOW && !required) continue;
        if (depth >= DEEP && child.type === 'object') continue;
        out[key] = generate(child, key, generation, depth + 1, 0);
      }
      return out;
    }
  }
}

function generateString(shape: Shape, name: string, patterns: PatternBudget): string {
  const realistic = fitLength(
    realisticString(name, shape.format) ?? `${name || 'value'}-${randomString(6)}`,
    shape,
  );
  const { pattern } = shape;
  if (!pattern || pattern.test(realistic, patterns)) return realistic;
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = fromPattern(pattern.source);
    if (pattern.test(candidate, patterns)) return candidate;
  }
  return realistic;
}

/** Pads or cuts a string into [minLength, maxLength]. */
function fitLength(value: string, shape: Shape): string {
  let out = value;
  if (shape.maxLength != null && [...out].length > shape.maxLength)
    out = [...out].slice(0, shape.maxLength).join('');
  if (shape.minLength != null && [...out].length < shape.minLength)
    out += randomString(shape.minLength - [...out].length);
  return out;
}

function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;
}
