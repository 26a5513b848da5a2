import { randomUUID } from 'node:crypto';
import { randomInt, randomString, realisticNumber, realisticString } from './fakeValues.js';
import { fromPattern } from './fromPattern.js';
import type { Schemas, Shape } from './shapes.js';

/**
 * Circular schemas (a Node with Node children) are cut by nesting: past SHALLOW levels, arrays are
 * empty and optional fields are left out; past DEEP levels only what is required remains.
 */
const SHALLOW = 3;
const DEEP = 8;
const MAX_REF_HOPS = 16;
const ARRAY_LENGTH = 3;

/**
 * A value that satisfies its shape (DESIGN §6): the default, else the document's example, else the
 * auto-generation type, else a value of the type chosen by the field's name, within its limits.
 */
export function generateValue(shape: Shape, name: string, schemas: Schemas, depth = 0, hops = 0): unknown {
  if (shape.default !== undefined) return shape.default;
  if (shape.example !== undefined) return shape.example;
  if (shape.ref || shape.oneOf) {
    const named = schemas.get(shape.ref ?? shape.oneOf?.[0] ?? '');
    if (!named || hops >= MAX_REF_HOPS) return shape.nullable ? null : {};
    return generateValue(named, name, schemas, depth, hops + 1);
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
  return generateByType(shape, name, schemas, depth);
}

function generateByType(shape: Shape, name: string, schemas: Schemas, depth: number): unknown {
  switch (shape.type) {
    case 'string':
      return generateString(shape, name);
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
        generateValue(shape.items as Shape, singular(name), schemas, depth + 1),
      );
    }
    default: {
      const out: Record<string, unknown> = {};
      for (const { key, required, shape: child } of shape.properties ?? []) {
        if (child.writeOnly) continue;
        if (depth >= SHALLOW && !required) continue;
        if (depth >= DEEP && child.type === 'object') continue;
        out[key] = generateValue(child, key, schemas, depth + 1);
      }
      return out;
    }
  }
}

function generateString(shape: Shape, name: string): string {
  const realistic = fitLength(
    realisticString(name, shape.format) ?? `${name || 'value'}-${randomString(6)}`,
    shape,
  );
  if (!shape.pattern || shape.pattern.test(realistic)) return realistic;
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = fromPattern(shape.pattern.source);
    if (shape.pattern.test(candidate)) return candidate;
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
