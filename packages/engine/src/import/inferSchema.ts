// A JSON Schema guessed from example values (a Postman collection's saved bodies): types and
// properties only. Nothing is required and no value is constrained: one example cannot say which
// fields are optional or how long a name may be, and the sandbox must accept what the example shows.

type Schema = Record<string, unknown>;

/** Deeper examples keep an open schema below this depth rather than recurse without bound. */
const MAX_DEPTH = 32;

function typeOf(value: unknown): string | null {
  if (value === null) return null;
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object')
    return typeof value;
  return null;
}

/** One schema that every one of `values` fits. */
export function inferSchema(values: unknown[], depth = 0): Schema {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0 || depth > MAX_DEPTH) return {};
  const types = new Set(present.map(typeOf));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  if (types.size > 1) return {};
  const [type] = types;
  if (type === 'array') return { type, items: inferSchema((present as unknown[][]).flat(), depth + 1) };
  if (type === 'object') {
    const byKey = new Map<string, unknown[]>();
    for (const value of present as Record<string, unknown>[]) {
      for (const [key, field] of Object.entries(value)) {
        const fields = byKey.get(key);
        if (fields) fields.push(field);
        else byKey.set(key, [field]);
      }
    }
    const properties: Schema = {};
    for (const [key, fields] of byKey) properties[key] = inferSchema(fields, depth + 1);
    return { type, properties };
  }
  return type ? { type } : {};
}
