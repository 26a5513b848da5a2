// spec §4 API Lab: a POST, PUT or PATCH body starts as the request schema's keys, each holding an
// example of its type: the document's example, else its default or first allowed value, else one
// made to fit its format and bounds. Sent unchanged, the template is a valid request.
import type {
  BodyProperty,
  EndpointDetail,
  PropertyType,
  SchemaMaster,
  ValueConstraints,
} from '@sandbox/contracts';

const MAX_DEPTH = 4;
const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

type Schemas = Map<string, SchemaMaster>;
const schemaName = (ref: string | null | undefined) => ref?.split('/').at(-1) ?? null;

export function bodyTemplate(endpoint: EndpointDetail): string {
  if (!BODY_METHODS.includes(endpoint.methodType)) return '';
  const requests = endpoint.requestConfigList.filter((r) => r.schemaName);
  // The template is JSON: a JSON media type's schema first, when the body may be sent as several.
  const request = requests.find((r) => /\bjson\b/i.test(r.contentType)) ?? requests[0];
  const schemas: Schemas = new Map(endpoint.schemaMasterList.map((s) => [s.schemaName, s]));
  const schema = request?.schemaName ? schemas.get(request.schemaName) : undefined;
  if (!schema) return '';
  return JSON.stringify(schemaExample(schema, schemas, 0), null, 2);
}

function schemaExample(schema: SchemaMaster, schemas: Schemas, depth: number): unknown {
  if (schema.example !== undefined) return schema.example;
  const alternative = schema.composition?.schemaNames[0];
  const chosen = alternative ? schemas.get(alternative) : undefined;
  if (chosen && depth < MAX_DEPTH) return schemaExample(chosen, schemas, depth + 1);
  if (schema.schemaType === 'array') {
    const items = schemas.get(schemaName(schema.itemsRef) ?? '');
    if (items) return depth < MAX_DEPTH ? [schemaExample(items, schemas, depth + 1)] : [];
    return [valueExample({}, schema.itemsType ?? 'string')];
  }
  if (schema.schemaType === 'object') return propertiesExample(schema.configProperties, schemas, depth);
  return valueExample(schema, schema.schemaType);
}

function propertiesExample(properties: BodyProperty[], schemas: Schemas, depth: number) {
  return Object.fromEntries(
    properties
      // A read-only property is the server's to set: a request leaves it out (OpenAPI readOnly).
      .filter((p) => !p.readOnly)
      .map((p) => [p.jsonKey, propertyExample(p, schemas, depth)]),
  );
}

function propertyExample(p: BodyProperty, schemas: Schemas, depth: number): unknown {
  if (p.example !== undefined) return p.example;
  const named = schemas.get(schemaName(p.refProperties) ?? '');
  const nested = () => {
    if (depth >= MAX_DEPTH) return {};
    if (p.configProperties?.length) return propertiesExample(p.configProperties, schemas, depth + 1);
    return named ? schemaExample(named, schemas, depth + 1) : {};
  };
  if (p.jsonKeyType === 'array') {
    if (named || p.configProperties?.length) return depth < MAX_DEPTH ? [nested()] : [];
    return [valueExample({}, p.itemsType ?? 'string')];
  }
  if (p.jsonKeyType === 'object' || named) return nested();
  if (p.autoGenerationType === 'UUID') return FORMATS.uuid;
  return valueExample(p, p.jsonKeyType);
}

// Values that pass the formats a validator checks (ajv-formats' among them).
const FORMATS: Record<string, string> = {
  date: '2024-05-17',
  'date-time': '2024-05-17T09:30:00Z',
  time: '09:30:00Z',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'ZXhhbXBsZQ==',
  password: 'Pa55word!',
  duration: 'P1D',
};

// Tried in order against a pattern; the first that matches is the example.
const PATTERN_CANDIDATES = [
  'string',
  'ABC',
  'abc',
  '123',
  'A1',
  'a1',
  'ABC-123',
  'abc-123',
  'user@example.com',
];

/** A value of a primitive `type` that keeps its constraints; exported for the tests. */
export function valueExample(c: ValueConstraints, type: PropertyType): unknown {
  if (c.example !== undefined) return c.example;
  if (c.defaultValue !== undefined && c.defaultValue !== null) return fromText(c.defaultValue, type);
  if (c.enumValues?.length) return c.enumValues[0];
  switch (type) {
    case 'integer':
      return Math.ceil(numberWithin(c));
    case 'number':
      return numberWithin(c);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'object':
      return {};
    case 'array':
      return [];
    default:
      return stringWithin(c);
  }
}

function numberWithin({ minimum, maximum }: ValueConstraints): number {
  if (minimum !== undefined && minimum !== null) return minimum;
  if (maximum !== undefined && maximum !== null && maximum < 1) return maximum;
  return 1;
}

function stringWithin({ format, pattern, minLength, maxLength }: ValueConstraints): string {
  let text = (format && FORMATS[format]) || 'string';
  if (pattern && !format) text = PATTERN_CANDIDATES.find((candidate) => matches(pattern, candidate)) ?? text;
  if (minLength && text.length < minLength) text = text.padEnd(minLength, text);
  if (maxLength !== undefined && maxLength !== null && text.length > maxLength)
    text = text.slice(0, maxLength);
  return text;
}

function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

/** A default is stored as text (spec §3 defaultValue): read it back as a value of its type. */
function fromText(text: string, type: PropertyType): unknown {
  if (type === 'integer' || type === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (type === 'boolean') return text === 'true';
  if (type === 'object' || type === 'array') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
