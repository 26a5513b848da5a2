import { describe, expect, it } from 'vitest';
import { generateValue } from './generate.js';

// A string property whose name says what it holds gets a value that reads as such: a library's
// books get an author, an ISBN and a title, not `author-niNKPI` and `isbn-WEnFzL`.
const names = [
  'author',
  'authorId',
  'isbn',
  'title',
  'publisher',
  'genre',
  'name',
  'email',
  'website',
  'phone',
  'city',
  'country',
  'publishedOn',
  'publishedAt',
];
const book = {
  type: 'object',
  required: names,
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
};
const resolve = () => undefined;
const books = Array.from(
  { length: 50 },
  (_, i) => generateValue(book, { resolve, seed: i + 1 }) as Record<string, string>,
);

/** What a field generated from its name alone looks like: `author-niNKPI`. */
const NAMELESS = /^[A-Za-z]\w*-[A-Za-z0-9]{6}$/;

/** Whether an ISBN-13's check digit is right. */
function validIsbn(text: string): boolean {
  const digits = text.replace(/-/g, '');
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

describe('generated values chosen by the property’s name', () => {
  it('gives a book an author, an ISBN, a title, a publisher and a genre that read as real', () => {
    for (const value of books) {
      expect(value.author).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(validIsbn(value.isbn), value.isbn).toBe(true);
      for (const name of ['title', 'publisher', 'genre']) {
        expect(value[name]).toMatch(/^[A-Z]/);
        expect(value[name]).not.toMatch(NAMELESS);
      }
      expect(value.authorId).not.toMatch(/ /);
    }
    expect(new Set(books.map((b) => b.title)).size).toBeGreaterThan(3);
  });

  it('reads names, e-mail addresses, links, phone numbers, places and dates as what they are', () => {
    for (const value of books) {
      expect(value.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(value.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(value.website).toMatch(/^https:\/\/example\.com\//);
      expect(value.phone).toMatch(/^\+[\d-]+$/);
      for (const name of ['city', 'country']) expect(value[name]).toMatch(/^[A-Z][A-Za-z ]+$/);
      expect(value.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(value.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
  });

  it('gives the same values for the same seed', () => {
    expect(generateValue(book, { resolve, seed: 7 })).toEqual(books[6]);
  });
});
