// Formats are checked as RFC 3339 and the JSON Schema specification define them: a date is a day of
// the calendar, a date-time has a real time and an offset.

import type { ConformanceCase } from '../runConformance.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Formats', version: '1.0' },
  paths: {
    '/bookings': {
      get: {
        parameters: [
          { name: 'day', in: 'query', schema: { type: 'string', format: 'date' } },
          { name: 'at', in: 'query', schema: { type: 'string', format: 'date-time' } },
        ],
        responses: { 200: { description: 'ok', content: { 'application/json': { example: { ok: true } } } } },
      },
    },
  },
};

const asked = (query: string) => ({ method: 'GET', path: `/bookings?${query}` });
const refused = (location: string, format: string) => ({
  status: 400,
  body: (body: unknown) => {
    const { errors } = body as { errors: { location: string; message: string }[] };
    return errors.some((e) => e.location === location && e.message === `must be a valid ${format}`);
  },
});

export const cases: ConformanceCase[] = [
  { name: 'a calendar date passes', document, request: asked('day=2024-02-29'), expect: { status: 200 } },
  {
    name: 'a month 13 is not a date',
    document,
    request: asked('day=2024-13-45'),
    expect: refused('query.day', 'date'),
  },
  {
    name: 'the 29th of February of a common year is not a date',
    document,
    request: asked('day=2023-02-29'),
    expect: refused('query.day', 'date'),
  },
  {
    name: 'a date-time with an offset passes',
    document,
    request: asked('at=2024-01-05T10:00:00.250%2B02:00'),
    expect: { status: 200 },
  },
  {
    name: 'the 25th hour is not a date-time',
    document,
    request: asked('at=2024-01-05T25:00:00Z'),
    expect: refused('query.at', 'date-time'),
  },
];
