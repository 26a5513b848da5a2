import type { Random } from './random.js';

// Values that read like real data, chosen by a field's format and name ("email", "city", "createdAt").
// The caller checks them against the schema and falls back when they do not fit.

const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Radia', 'Tim'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Perlman',
];
const CITIES = ['Lisbon', 'Toronto', 'Nairobi', 'Osaka', 'Berlin', 'Austin', 'Melbourne', 'Oslo'];
const COUNTRIES = ['Portugal', 'Canada', 'Kenya', 'Japan', 'Germany', 'United States', 'Australia', 'Norway'];
const STREETS = ['Main Street', 'Oak Avenue', 'Harbour Road', 'Maple Lane', 'Station Square'];
const WORDS = ['alpha', 'bravo', 'delta', 'echo', 'nova', 'orbit', 'pixel', 'quartz', 'river', 'summit'];
const STATUSES = ['active', 'pending', 'archived'];
const TITLES = [
  'Pride and Prejudice',
  'Moby-Dick',
  'Great Expectations',
  'Jane Eyre',
  'Middlemarch',
  'Dracula',
  'Frankenstein',
  'Little Women',
  'The Time Machine',
  'Wuthering Heights',
];
const PUBLISHERS = ['Penguin Books', 'HarperCollins', 'Macmillan', 'Hachette', 'Oxford University Press'];
const GENRES = ['Fiction', 'Mystery', 'Science Fiction', 'Fantasy', 'Biography', 'History', 'Poetry'];

const DAY = 86_400_000;

/** Where generated dates sit: a fixed day when seeded (the same seed, the same date), else today. */
export interface Clock {
  now: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateTime = (random: Random, clock: Clock) =>
  new Date(clock.now - random.int(0, 365) * DAY - random.int(0, DAY / 1000) * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

type Producer = (random: Random, clock: Clock) => string;

const email: Producer = (r) => `${r.pick(FIRST).toLowerCase()}.${r.pick(LAST).toLowerCase()}@example.com`;
const uri: Producer = (r) => `https://example.com/${r.pick(WORDS)}/${r.int(1, 999)}`;
const fullName: Producer = (r) => `${r.pick(FIRST)} ${r.pick(LAST)}`;

/** An ISBN-13 with its check digit right: 978, a group, a publisher, a title, the check digit. */
const isbn: Producer = (r) => {
  const digits = `978${r.int(0, 1)}${r.string(8, '0123456789')}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `978-${digits[3]}-${digits.slice(4, 8)}-${digits.slice(8)}-${(10 - (sum % 10)) % 10}`;
};

/** A string of each format the OpenAPI and JSON Schema specifications name. */
export const byFormat: Record<string, Producer> = {
  email,
  'idn-email': email,
  uuid: (r) => r.uuid(),
  date: (r, c) => dateTime(r, c).slice(0, 10),
  'date-time': dateTime,
  'iso-date-time': dateTime,
  time: (r) => `${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}Z`,
  'iso-time': (r) => `${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}Z`,
  duration: (r) => `P${r.int(1, 30)}DT${r.int(1, 23)}H`,
  uri,
  url: uri,
  iri: uri,
  'uri-reference': (r) => `/${r.pick(WORDS)}/${r.int(1, 999)}`,
  'iri-reference': (r) => `/${r.pick(WORDS)}/${r.int(1, 999)}`,
  'uri-template': (r) => `https://example.com/${r.pick(WORDS)}/{id}`,
  hostname: (r) => `${r.pick(WORDS)}.example.com`,
  'idn-hostname': (r) => `${r.pick(WORDS)}.example.com`,
  ipv4: (r) => `192.0.2.${r.int(1, 254)}`,
  ipv6: (r) => `2001:db8::${r.int(1, 0xffff).toString(16)}`,
  password: (r) => r.string(12),
  byte: (r) => Buffer.from(`${r.pick(WORDS)} ${r.pick(WORDS)}`).toString('base64'),
  binary: (r) => r.string(16),
  'json-pointer': (r) => `/${r.pick(WORDS)}/${r.int(0, 9)}`,
  'relative-json-pointer': (r) => `${r.int(0, 3)}/${r.pick(WORDS)}`,
  regex: (r) => `^${r.pick(WORDS)}[0-9]+$`,
};

const byName: [RegExp, Producer][] = [
  [/e-?mail/i, email],
  [/(^|_)uuid$|guid/i, (r) => r.uuid()],
  [/isbn/i, isbn],
  // before the names: `author_id` is a key, not an author
  [/(^|_)id$/i, (r) => r.string(10)],
  [/first_?name|given_?name/i, (r) => r.pick(FIRST)],
  [/last_?name|sur_?name|family_?name/i, (r) => r.pick(LAST)],
  [/user_?name|login|handle/i, (r) => `${r.pick(FIRST).toLowerCase()}${r.int(1, 99)}`],
  [/publisher/i, (r) => r.pick(PUBLISHERS)],
  [/company|organi[sz]ation/i, (r) => `${r.pick(LAST)} ${r.pick(['Labs', 'Inc.', 'Systems', 'Studio'])}`],
  [/author|writer|artist|(^|_)name$|full_?name|^name/i, fullName],
  [/genre/i, (r) => r.pick(GENRES)],
  [/phone|mobile|(^|_)tel/i, (r) => `+1-555-${r.int(100, 999)}-${r.int(1000, 9999)}`],
  [/city|town/i, (r) => r.pick(CITIES)],
  [/country/i, (r) => r.pick(COUNTRIES)],
  [/street|address/i, (r) => `${r.int(1, 250)} ${r.pick(STREETS)}`],
  [/zip|postal/i, (r) => String(r.int(10000, 99999))],
  [/url|uri|link|website|href/i, uri],
  [/image|avatar|photo|picture/i, (r) => `https://picsum.photos/seed/${r.pick(WORDS)}/200`],
  [/(created|updated|deleted|modified)(_?at|_?on)?$|_at$|timestamp|date_?time/i, dateTime],
  [/date|birthday|dob|_on$/i, (r, c) => dateTime(r, c).slice(0, 10)],
  [/status|state/i, (r) => r.pick(STATUSES)],
  [/currency/i, (r) => r.pick(['USD', 'EUR', 'GBP', 'JPY'])],
  [/colou?r/i, (r) => r.pick(['red', 'green', 'blue', 'black', 'white'])],
  [/title|subject/i, (r) => r.pick(TITLES)],
  [
    /description|summary|bio|comment|note|message|text/i,
    (r) => `A ${r.pick(WORDS)} ${r.pick(WORDS)} for the ${r.pick(WORDS)} team.`,
  ],
  [/id$|code|sku|reference/i, (r) => r.string(10)],
  [/password|secret|token/i, (r) => r.string(16)],
];

const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2');

/** A string for this field, or undefined when neither its format nor its name suggests one. */
export function realisticString(
  name: string,
  format: string | undefined,
  random: Random,
  clock: Clock,
): string | undefined {
  if (format && byFormat[format]) return byFormat[format](random, clock);
  let producer = producers.get(name);
  if (producer === undefined) {
    const snake = snakeCase(name);
    producer = byName.find(([pattern]) => pattern.test(snake))?.[1] ?? null;
    if (producers.size > 10_000) producers.clear();
    producers.set(name, producer);
  }
  return producer?.(random, clock);
}

/** The producer each field name chose, so a name is matched against the list once. */
const producers = new Map<string, Producer | null>();

/** A word-like string for a field nothing else describes. */
export function plainString(name: string, random: Random): string {
  return `${name && /^[A-Za-z]\w{0,20}$/.test(name) ? name : random.pick(WORDS)}-${random.string(6)}`;
}

/** The range a field's name suggests, when the schema sets no bounds of its own. */
export function realisticRange(name: string): [number, number] {
  const snake = snakeCase(name).toLowerCase();
  if (/(^|_)id$|_id$/.test(snake)) return [1, 100_000];
  if (/age/.test(snake)) return [18, 90];
  if (/price|amount|cost|total|balance/.test(snake)) return [1, 500];
  if (/year/.test(snake)) return [1990, 2030];
  if (/(^|_)lat/.test(snake)) return [-90, 90];
  if (/(^|_)(lon|lng)/.test(snake)) return [-180, 180];
  if (/count|quantity|qty|size|limit/.test(snake)) return [1, 50];
  return [1, 1000];
}
