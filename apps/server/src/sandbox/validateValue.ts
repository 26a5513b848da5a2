import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Schemas, Shape } from './shapes.js';
import type { PatternBudget } from './tenantPattern.js';

export interface Problem {
  /** Where the problem is: `query.limit`, `body.address.city`, `body.tags[2]`. */
  location: string;
  message: string;
}

/** One validation: the API's named schemas, the problems found, what pattern tests may still cost. */
export interface Validation {
  schemas: Schemas;
  problems: Problem[];
  patterns: PatternBudget;
}

const MAX_DEPTH = 64;

type FormatCheck = (value: string) => boolean;

const rfc3339 = (name: 'date' | 'date-time' | 'time'): FormatCheck => {
  const format = fullFormats[name];
  return typeof format === 'function' ? format : (format as { validate: FormatCheck }).validate;
};

const matches =
  (expression: RegExp): FormatCheck =>
  (value) =>
    expression.test(value);

// Dates and times by ajv-formats' RFC 3339 checks (a calendar day, a real time: `2024-13-45` is not
// a date). The rest are our own expressions, run on anonymous input: each must stay linear under
// backtracking (the domain's labels exclude the dot that separates them, so there is one way to
// split them); ajv-formats' email and uri expressions are not written for that.
const FORMATS: Record<string, FormatCheck> = {
  email: matches(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/),
  uuid: matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  date: rfc3339('date'),
  'date-time': rfc3339('date-time'),
  time: rfc3339('time'),
  uri: matches(/^[a-z][a-z0-9+.-]*:\S+$/i),
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function sameType(value: unknown, type: Shape['type']): boolean {
  const actual = typeOf(value);
  if (type === 'number') return actual === 'number' || actual === 'integer';
  return actual === type;
}

const a = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** Checks a value against its shape, adding every problem found, each with its location. */
export function validateValue(
  value: unknown,
  shape: Shape,
  location: string,
  validation: Validation,
  depth = 0,
): void {
  const { schemas, problems } = validation;
  if (depth > MAX_DEPTH) return;
  if (value === null) {
    if (!shape.nullable && shape.type !== 'null') problems.push({ location, message: 'must not be null' });
    return;
  }
  if (shape.ref) {
    const named = schemas.get(shape.ref);
    if (named) validateValue(value, { ...named, nullable: shape.nullable }, location, validation, depth + 1);
    return;
  }
  if (shape.oneOf) {
    const matches = shape.oneOf.some((name) => {
      const alternative = schemas.get(name);
      if (!alternative) return false;
      const found: Problem[] = [];
      validateValue(value, alternative, location, { ...validation, problems: found }, depth + 1);
      return found.length === 0;
    });
    if (!matches) problems.push({ location, message: `must match one of ${shape.oneOf.join(', ')}` });
    return;
  }
  if (!sameType(value, shape.type)) {
    problems.push({ location, message: `must be ${a(shape.type)}, got ${a(typeOf(value))}` });
    return;
  }
  if (shape.enum && !shape.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    problems.push({
      location,
      message: `must be one of ${shape.enum.map((v) => JSON.stringify(v)).join(', ')}`,
    });
  }
  if (typeof value === 'string') checkString(value, shape, location, validation);
  else if (typeof value === 'number') checkNumber(value, shape, location, problems);
  else if (Array.isArray(value)) {
    checkCount(value.length, shape, location, problems, 'items');
    if (shape.items) {
      for (const [i, item] of value.entries()) {
        validateValue(item, shape.items, `${location}[${i}]`, validation, depth + 1);
      }
    }
  } else if (typeof value === 'object' && shape.properties) {
    const record = value as Record<string, unknown>;
    for (const { key, required, shape: child } of shape.properties) {
      const at = `${location}.${key}`;
      if (record[key] === undefined) {
        if (required && !child.readOnly) problems.push({ location: at, message: 'is required' });
      } else {
        validateValue(record[key], child, at, validation, depth + 1);
      }
    }
  }
}

function checkString(value: string, shape: Shape, location: string, { problems, patterns }: Validation) {
  checkCount([...value].length, shape, location, problems, 'characters');
  if (shape.pattern) {
    const { source } = shape.pattern;
    const matches = shape.pattern.test(value, patterns);
    if (matches === false) problems.push({ location, message: `must match the pattern ${source}` });
    // past the budget a value is refused, not let through unchecked
    else if (matches === undefined)
      problems.push({
        location,
        message: `could not be checked against the pattern ${source}: too much text at once`,
      });
  }
  const format = shape.format ? FORMATS[shape.format] : undefined;
  if (format && !format(value)) problems.push({ location, message: `must be a valid ${shape.format}` });
}

function checkNumber(value: number, shape: Shape, location: string, problems: Problem[]) {
  if (shape.type === 'integer' && !Number.isInteger(value))
    problems.push({ location, message: 'must be an integer' });
  if (shape.minimum != null && value < shape.minimum)
    problems.push({ location, message: `must be at least ${shape.minimum}` });
  if (shape.maximum != null && value > shape.maximum)
    problems.push({ location, message: `must be at most ${shape.maximum}` });
}

function checkCount(count: number, shape: Shape, location: string, problems: Problem[], unit: string) {
  if (shape.minLength != null && count < shape.minLength) {
    problems.push({ location, message: `must have at least ${shape.minLength} ${unit}` });
  }
  if (shape.maxLength != null && count > shape.maxLength) {
    problems.push({ location, message: `must have at most ${shape.maxLength} ${unit}` });
  }
}

/** Path, query and header values arrive as text: turn them into the parameter's type first. */
export function coerceParameter(raw: string, shape: Shape): { value: unknown } | { message: string } {
  switch (shape.type) {
    case 'integer':
      return /^-?\d+$/.test(raw) ? { value: Number(raw) } : { message: 'must be an integer' };
    case 'number':
      return raw.trim() !== '' && Number.isFinite(Number(raw))
        ? { value: Number(raw) }
        : { message: 'must be a number' };
    case 'boolean':
      return raw === 'true' || raw === 'false'
        ? { value: raw === 'true' }
        : { message: 'must be true or false' };
    case 'array':
      return { value: raw.split(',').map((item) => (shape.items ? coerceItem(item, shape.items) : item)) };
    default:
      return { value: raw };
  }
}

function coerceItem(raw: string, shape: Shape): unknown {
  const coerced = coerceParameter(raw, shape);
  return 'value' in coerced ? coerced.value : raw;
}
