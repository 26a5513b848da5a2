import { randomUUID } from 'node:crypto';
import { randomInt, randomString, realisticNumber, realisticString } from './fakeValues.js';
import type { Schemas, Shape } from './shapes.js';

/** Circular schemas (a Node with Node children) are cut here: deeper, objects stop nesting. */
const MAX_DEPTH = 6;
const ARRAY_LENGTH = 3;

/**
 * A value that satisfies its shape (DESIGN §6): the default, else the document's example, else the
 * auto-generation type, else a value of the type chosen by the field's name, within its limits.
 */
export function generateValue(shape: Shape, name: string, schemas: Schemas, depth = 0): unknown {
  if (shape.default !== undefined) return shape.default;
  if (shape.example !== undefined) return shape.example;
  if (shape.ref) {
    const named = schemas.get(shape.ref);
    if (!named || depth >= MAX_DEPTH) return shape.nullable ? null : emptyOf(named?.type ?? shape.type);
    return generateValue(named, name, schemas, depth + 1);
  }
  if (shape.oneOf) {
    const first = schemas.get(shape.oneOf[0]);
    return first && depth < MAX_DEPTH ? generateValue(first, name, schemas, depth + 1) : {};
  }
  if (shape.enum?.length) return shape.enum[0];
  switch (shape.autoGeneration) {
    case 'UUID':
      return shape.type === 'string' ? randomUUID() : generateByType(shape, name, schemas, depth);
    case 'Random Number':
      return shape.type === 'string'
        ? String(randomInt(1, 999_999))
        : randomInt(shape.minimum ?? 1, shape.maximum ?? 999_999);
    case 'Random String':
      if (shape.type === 'string') return fitLength(randomString(12), shape);
  }
  return generateByType(shape, name, schemas, depth);
}

function generateByType(shape: Shape, name: string, schemas: Schemas, depth: number): unknown {
  switch (shape.type) {
    case 'string':
      return fitLength(realisticString(name, shape.format) ?? `${name || 'value'}-${randomString(6)}`, shape);
    case 'integer':
    case 'number':
      return realisticNumber(name, shape.type === 'integer', shape.minimum, shape.maximum);
    case 'boolean':
      return Math.random() < 0.5;
    case 'null':
      return null;
    case 'array': {
      if (!shape.items || depth >= MAX_DEPTH) return [];
      const length = Math.min(Math.max(ARRAY_LENGTH, shape.minLength ?? 0), shape.maxLength ?? ARRAY_LENGTH);
      return Array.from({ length }, () =>
        generateValue(shape.items as Shape, singular(name), schemas, depth + 1),
      );
    }
    default: {
      const out: Record<string, unknown> = {};
      if (depth >= MAX_DEPTH) return out;
      for (const { key, shape: child } of shape.properties ?? [])
        out[key] = generateValue(child, key, schemas, depth + 1);
      return out;
    }
  }
}

function emptyOf(type: Shape['type']): unknown {
  return type === 'array' ? [] : type === 'object' ? {} : null;
}

/** Pads or cuts a string into [minLength, maxLength]; a pattern is honoured only when the value already fits. */
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
