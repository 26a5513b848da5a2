import { conforms, isMultipleOf } from './conforms.js';
import type { Generation } from './context.js';
import { realisticRange } from './realisticValues.js';

type Json = Record<string, unknown>;

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The bounds a schema sets on a number, inclusive; open ends stay infinite. */
function boundsOf(schema: Json, integer: boolean): [number, number] {
  let low = Math.max(num(schema.minimum) ?? -Infinity, num(schema.exclusiveMinimum) ?? -Infinity);
  let high = Math.min(num(schema.maximum) ?? Infinity, num(schema.exclusiveMaximum) ?? Infinity);
  if (schema.format === 'int32') [low, high] = [Math.max(low, -(2 ** 31)), Math.min(high, 2 ** 31 - 1)];
  if (integer || schema.format === 'int64') {
    const xmin = num(schema.exclusiveMinimum);
    const xmax = num(schema.exclusiveMaximum);
    low = Math.max(Math.ceil(low), xmin !== undefined && Math.ceil(xmin) === xmin ? xmin + 1 : -Infinity);
    high = Math.min(Math.floor(high), xmax !== undefined && Math.floor(xmax) === xmax ? xmax - 1 : Infinity);
    low = Math.max(low, Number.MIN_SAFE_INTEGER);
    high = Math.min(high, Number.MAX_SAFE_INTEGER);
  }
  return [low, high];
}

/** The range to draw from: the field's realistic range where it overlaps the schema's bounds. */
function rangeOf(schema: Json, name: string, low: number, high: number): [number, number] {
  const [a, b] = schema['x-auto-generation'] === 'Random Number' ? [1, 999_999] : realisticRange(name);
  const [from, to] = [Math.max(a, low), Math.min(b, high)];
  if (from <= to) return [from, to];
  if (Number.isFinite(low) && Number.isFinite(high)) return [low, high];
  if (Number.isFinite(low)) return [low, low + (b - a)];
  return [high - (b - a), high];
}

export function generateNumber(schema: Json, name: string, integer: boolean, generation: Generation): number {
  const { random } = generation;
  const [low, high] = boundsOf(schema, integer);
  const [from, to] = rangeOf(schema, name, low, high);
  const fits = (value: number) =>
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    conforms(value, schema, generation.check);
  const step = num(schema.multipleOf);
  if (step !== undefined && step > 0) {
    const [first, last] = [Math.ceil(from / step), Math.floor(to / step)];
    const [lowest, highest] = [Math.ceil(low / step), Math.floor(high / step)];
    const tries = [
      random.int(first, Math.max(first, last)),
      first,
      last,
      lowest,
      highest,
      lowest + 1,
      highest - 1,
    ];
    for (const k of tries) {
      for (const value of [
        k * step,
        Number((k * step).toFixed(decimals(step))),
        k * step * (integer ? 1 : 1),
      ]) {
        if (fits(value)) return value;
      }
    }
    // an integer multiple of a fraction, or a step too large for the range: look a little further
    for (let k = first; k <= first + 1000 && k <= highest; k++) {
      const value = Number((k * step).toFixed(decimals(step)));
      if (fits(value) && isMultipleOf(value, step)) return value;
    }
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    const value = integer
      ? random.int(Math.ceil(from), Math.floor(to))
      : Math.round((from + random.next() * (to - from)) * 100) / 100;
    if (fits(value)) return value;
  }
  for (const value of [from, to, (from + to) / 2, Math.ceil((from + to) / 2), low, high, 0, 1])
    if (fits(value)) return value;
  return integer ? Math.ceil(from) : from;
}

function decimals(step: number): number {
  const text = String(step);
  if (text.includes('e-'))
    return Math.min(20, Number(text.split('e-')[1]) + (text.split('.')[1]?.split('e')[0].length ?? 0));
  return text.split('.')[1]?.length ?? 0;
}
