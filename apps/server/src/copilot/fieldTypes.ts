import { createHash } from 'node:crypto';

// The built-in Copilot's idea of a field: its OpenAPI schema, chosen by its name, and example values
// that always satisfy that schema (the round-trip tests check them against it).

export interface FieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  format?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: { type: 'string' };
}

export interface Field {
  name: string;
  schema: FieldSchema;
  /** Sent by clients but never answered (passwords, secrets). */
  writeOnly?: boolean;
  example: (index: number) => unknown;
}

/** A stable UUID-shaped value per seed, so the same input always gives the same document. */
export function exampleUuid(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const STATUSES: [RegExp, string[]][] = [
  [/order|shipment|delivery/, ['pending', 'paid', 'shipped', 'delivered', 'cancelled']],
  [/task|todo|ticket|issue/, ['todo', 'in_progress', 'done']],
  [/invoice|bill/, ['draft', 'sent', 'paid', 'overdue']],
  [/payment|transaction|refund/, ['pending', 'succeeded', 'failed']],
  [/booking|reservation|appointment|meeting|event/, ['pending', 'confirmed', 'cancelled']],
  [/post|article|blog|page|document/, ['draft', 'published', 'archived']],
];

const FIRST = ['Ada', 'Grace', 'Alan'];
const LAST = ['Lovelace', 'Hopper', 'Turing'];
const pick = <T>(list: T[], index: number) => list[index % list.length];
const str = (schema: Omit<FieldSchema, 'type'>, example: (i: number) => unknown) => ({
  schema: { type: 'string' as const, ...schema },
  example,
});

type Rule = [RegExp, (resource: string, words: string) => Omit<Field, 'name'>];

// Tested against the field name in snake case ("dateOfBirth" → "date_of_birth"), first match wins.
const RULES: Rule[] = [
  [
    /^(id|uuid|guid)$|_(id|uuid)$/,
    (resource, words) => str({ format: 'uuid' }, (i) => exampleUuid(`${resource}.${words}.${i}`)),
  ],
  [
    /e_?mail/,
    () =>
      str(
        { format: 'email', maxLength: 254 },
        (i) => `${pick(FIRST, i).toLowerCase()}.${pick(LAST, i).toLowerCase()}@example.com`,
      ),
  ],
  [
    /password|secret|pin$/,
    () => ({
      ...str({ format: 'password', minLength: 8, maxLength: 128 }, (i) => `S3cret!pass${i}`),
      writeOnly: true,
    }),
  ],
  [
    /^(is|has|can|should)_|^(active|enabled|verified|published|completed|done|available|paid|archived|read|visible|featured)$/,
    () => ({ schema: { type: 'boolean' }, example: (i) => i % 2 === 0 }),
  ],
  [
    /(^|_)age$/,
    () => ({ schema: { type: 'integer', minimum: 0, maximum: 150 }, example: (i) => 36 + i * 9 }),
  ],
  [
    /(^|_)(count|quantity|qty|stock|seats|capacity|pages|views|likes)(_|$)/,
    () => ({ schema: { type: 'integer', minimum: 0 }, example: (i) => 3 + i * 4 }),
  ],
  [/year$/, () => ({ schema: { type: 'integer', minimum: 1900, maximum: 2100 }, example: (i) => 2024 - i })],
  [
    /(^|_)(rating|score|stars)(_|$)/,
    () => ({ schema: { type: 'number', minimum: 0, maximum: 5 }, example: (i) => 4.5 - i / 2 }),
  ],
  [
    /(^|_)(price|amount|total|cost|balance|salary|fee|budget|subtotal|discount|tax)(_|$)/,
    () => ({ schema: { type: 'number', minimum: 0 }, example: (i) => 49.99 + i * 20 }),
  ],
  [
    /^lat(itude)?$/,
    () => ({ schema: { type: 'number', minimum: -90, maximum: 90 }, example: (i) => 38.72 + i }),
  ],
  [
    /^(lng|lon|longitude)$/,
    () => ({ schema: { type: 'number', minimum: -180, maximum: 180 }, example: (i) => -9.14 - i }),
  ],
  [
    /(_at|timestamp|date_?time)$|^(starts|ends)_at$/,
    () => str({ format: 'date-time' }, (i) => `2024-0${1 + (i % 9)}-15T09:30:00Z`),
  ],
  [
    /date|birth|birthday|dob|deadline|due/,
    () => str({ format: 'date' }, (i) => `2024-0${1 + (i % 9)}-1${i % 10}`),
  ],
  [
    /(^|_)(url|uri|website|homepage|link|avatar|image|photo|picture|logo)(_|$)/,
    (_r, words) => str({ format: 'uri' }, (i) => `https://example.com/${words.replace(/_/g, '-')}/${i + 1}`),
  ],
  [/phone|mobile|fax/, () => str({ maxLength: 20 }, (i) => `+1-555-010-01${10 + i}`)],
  [
    /status|state$/,
    (resource) => {
      const values = STATUSES.find(([pattern]) => pattern.test(resource))?.[1] ?? ['active', 'inactive'];
      return str({ enum: values }, (i) => pick(values, i));
    },
  ],
  [/currency/, () => str({ enum: ['USD', 'EUR', 'GBP'] }, (i) => pick(['USD', 'EUR', 'GBP'], i))],
  [
    /^(tags|labels|keywords|categories|roles|skills|permissions|genres)$/,
    () => ({
      schema: { type: 'array', items: { type: 'string' } },
      example: (i) => [pick(['alpha', 'beta', 'gamma'], i), 'featured'],
    }),
  ],
  [/first_?name|given_?name/, () => str({ minLength: 1, maxLength: 100 }, (i) => pick(FIRST, i))],
  [/last_?name|sur_?name|family_?name/, () => str({ minLength: 1, maxLength: 100 }, (i) => pick(LAST, i))],
  [
    /user_?name|login|handle|nickname/,
    () => str({ minLength: 3, maxLength: 50 }, (i) => `${pick(FIRST, i).toLowerCase()}${i + 1}`),
  ],
  [/(^|_)name$/, (resource) => str({ minLength: 1, maxLength: 100 }, (i) => nameExample(resource, i))],
  [
    /sku|code|isbn|reference|serial/,
    (_r, words) => str({ maxLength: 64 }, (i) => `${words.toUpperCase().slice(0, 3)}-${10042 + i}`),
  ],
  [/city|town/, () => str({}, (i) => pick(['Lisbon', 'Toronto', 'Osaka'], i))],
  [/country/, () => str({}, (i) => pick(['Portugal', 'Canada', 'Japan'], i))],
  [/zip|postal/, () => str({ maxLength: 12 }, (i) => `${10_000 + i * 1111}`)],
  [/street|address/, () => str({}, (i) => `${12 + i} Harbour Road`)],
  [
    /title|subject|headline/,
    (resource) =>
      str(
        { minLength: 1, maxLength: 200 },
        (i) => `${pick(['Getting started with', 'Notes on', 'All about'], i)} ${resource}s`,
      ),
  ],
  [
    /description|summary|bio|about|content|body|text|comment|message|note/,
    (resource) =>
      str(
        { maxLength: 5000 },
        (i) => `${pick(['A first', 'Another', 'One more'], i)} ${resource} written for the example.`,
      ),
  ],
  [
    /author|owner|sender|recipient|assignee|customer|manager/,
    () => str({ maxLength: 100 }, (i) => `${pick(FIRST, i)} ${pick(LAST, i)}`),
  ],
  [/colou?r/, () => str({}, (i) => pick(['red', 'green', 'blue'], i))],
  [
    /(^|_)(size|weight|height|width|length|duration|percent)(_|$)/,
    () => ({ schema: { type: 'number', minimum: 0 }, example: (i) => 12.5 + i }),
  ],
];

function nameExample(resource: string, index: number): string {
  if (
    /user|member|customer|person|employee|author|owner|contact|student|teacher|patient|profile/.test(resource)
  ) {
    return `${pick(FIRST, index)} ${pick(LAST, index)}`;
  }
  if (/product|item/.test(resource))
    return pick(['Wireless Mouse', 'Mechanical Keyboard', 'USB-C Hub'], index);
  return `${resource.replace(/^\w/, (c) => c.toUpperCase())} ${index + 1}`;
}

/** `dateOfBirth` → `date_of_birth`. */
export const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A field named `name` of a resource (`user`, `order`...), typed by what its name suggests; text otherwise. */
export function fieldFor(name: string, resource: string): Field {
  const words = snakeCase(name);
  const rule = RULES.find(([pattern]) => pattern.test(words));
  const made = rule
    ? rule[1](resource, words)
    : str({ maxLength: 255 }, (i: number) => `${words.replace(/_/g, ' ')} ${i + 1}`);
  return { name, ...made };
}
