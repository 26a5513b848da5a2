import { randomUUID } from 'node:crypto';

// Realistic values chosen by a field's name and format, so generated bodies read like real data.

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
  'Lee',
];
const CITIES = ['Lisbon', 'Toronto', 'Nairobi', 'Osaka', 'Berlin', 'Austin', 'Melbourne', 'Oslo'];
const COUNTRIES = ['Portugal', 'Canada', 'Kenya', 'Japan', 'Germany', 'United States', 'Australia', 'Norway'];
const STREETS = ['Main Street', 'Oak Avenue', 'Harbour Road', 'Maple Lane', 'Station Square'];
const WORDS = ['alpha', 'bravo', 'delta', 'echo', 'nova', 'orbit', 'pixel', 'quartz', 'river', 'summit'];
const STATUSES = ['active', 'pending', 'archived'];

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
export const randomInt = (min: number, max: number) => Math.floor(min + Math.random() * (max - min + 1));

export function randomString(length: number): string {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let out = '';
  for (let i = 0; i < length; i++) out += chars[Math.floor(Math.random() * chars.length)];
  return out;
}

const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();

const byFormat: Record<string, () => string> = {
  email: () => `${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}@example.com`,
  uuid: () => randomUUID(),
  date: () => isoDate(-randomInt(0, 365)).slice(0, 10),
  'date-time': () => isoDate(-randomInt(0, 365)),
  uri: () => `https://example.com/${pick(WORDS)}`,
  url: () => `https://example.com/${pick(WORDS)}`,
  hostname: () => `${pick(WORDS)}.example.com`,
  ipv4: () => `192.0.2.${randomInt(1, 254)}`,
  ipv6: () => `2001:db8::${randomInt(1, 9999).toString(16)}`,
  password: () => randomString(12),
  byte: () => Buffer.from(pick(WORDS)).toString('base64'),
};

const byName: [RegExp, () => string][] = [
  [/e-?mail/i, byFormat.email],
  [/(^|_)uuid$|guid/i, byFormat.uuid],
  [/first_?name|given_?name/i, () => pick(FIRST)],
  [/last_?name|sur_?name|family_?name/i, () => pick(LAST)],
  [/user_?name|login|handle/i, () => `${pick(FIRST).toLowerCase()}${randomInt(1, 99)}`],
  [/(^|_)name$|full_?name|^name/i, () => `${pick(FIRST)} ${pick(LAST)}`],
  [/phone|mobile|tel/i, () => `+1-555-${randomInt(100, 999)}-${randomInt(1000, 9999)}`],
  [/city|town/i, () => pick(CITIES)],
  [/country/i, () => pick(COUNTRIES)],
  [/street|address/i, () => `${randomInt(1, 250)} ${pick(STREETS)}`],
  [/zip|postal/i, () => String(randomInt(10000, 99999))],
  [/url|uri|link|website|href/i, byFormat.uri],
  [/image|avatar|photo|picture/i, () => `https://picsum.photos/seed/${pick(WORDS)}/200`],
  [/(created|updated|deleted|modified)(_?at|_?on)?$|timestamp|date_?time/i, byFormat['date-time']],
  [/date|birthday|dob/i, byFormat.date],
  [/status|state/i, () => pick(STATUSES)],
  [/currency/i, () => pick(['USD', 'EUR', 'GBP', 'JPY'])],
  [/colou?r/i, () => pick(['red', 'green', 'blue', 'black', 'white'])],
  [/company|organi[sz]ation/i, () => `${pick(LAST)} ${pick(['Labs', 'Inc.', 'Systems', 'Studio'])}`],
  [/title|subject/i, () => `${pick(WORDS)} ${pick(WORDS)}`.replace(/^\w/, (c) => c.toUpperCase())],
  [
    /description|summary|bio|comment|note|message|text/i,
    () => `A ${pick(WORDS)} ${pick(WORDS)} for the ${pick(WORDS)} team.`,
  ],
  [/(^|_)id$|Id$|code|sku|reference/i, () => randomString(10)],
  [/password|secret|token/i, () => randomString(16)],
];

/** A string for this field, or undefined when neither its format nor its name suggests one. */
export function realisticString(name: string, format: string | null | undefined): string | undefined {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2');
  if (format && byFormat[format]) return byFormat[format]();
  return byName.find(([pattern]) => pattern.test(snake))?.[1]();
}

export function realisticNumber(
  name: string,
  integer: boolean,
  min?: number | null,
  max?: number | null,
): number {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  let [low, high] = [min ?? 1, max ?? 1000];
  if (min == null && max == null) {
    if (/age/.test(snake)) [low, high] = [18, 90];
    else if (/price|amount|cost|total|balance/.test(snake)) [low, high] = [1, 500];
    else if (/year/.test(snake)) [low, high] = [1990, 2030];
    else if (/lat/.test(snake)) [low, high] = [-90, 90];
    else if (/lon|lng/.test(snake)) [low, high] = [-180, 180];
    else if (/count|quantity|qty|size|limit/.test(snake)) [low, high] = [1, 50];
  }
  if (low > high) [low, high] = [high, low];
  if (integer) return randomInt(Math.ceil(low), Math.floor(high));
  return Math.round((low + Math.random() * (high - low)) * 100) / 100;
}
