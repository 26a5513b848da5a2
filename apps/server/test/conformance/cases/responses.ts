// Response choice (issue 13, Build 4): `default` and range codes are real responses; `Prefer` (or
// Prism's `__code`, `__example`, `__dynamic`) chooses the code, the named example and example versus
// generated; an invalid request answers the declared 422, 400, `4XX` or `default` with its own body.

import type { ConformanceCase } from '../runConformance.js';

type Json = Record<string, unknown>;

const info = { title: 'Response choice', version: '1.0' };
const json = (example: unknown, extra: Json = {}) => ({
  content: { 'application/json': { example, ...extra } },
});
const answers = (responses: Json) => ({ get: { responses } });

const codes = {
  openapi: '3.0.3',
  info,
  paths: {
    '/only-default': answers({ default: { description: 'any', ...json({ from: 'default' }) } }),
    '/only-range': answers({ '2XX': { description: 'any success', ...json({ from: '2XX' }) } }),
    '/created-or-default': answers({
      201: { description: 'created', ...json({ from: 201 }) },
      default: { description: 'error', ...json({ from: 'default' }) },
    }),
    '/lowest-success': answers({
      202: { description: 'accepted', ...json({ from: 202 }) },
      200: { description: 'ok', ...json({ from: 200 }) },
    }),
    '/only-error': answers({ 404: { description: 'never found', ...json({ from: 404 }) } }),
    '/choices': answers({
      200: { description: 'ok', ...json({ from: 200 }) },
      '4XX': { description: 'client error', ...json({ from: '4XX' }) },
      default: { description: 'anything else', ...json({ from: 'default' }) },
    }),
    '/no-default': answers({ 200: { description: 'ok', ...json({ from: 200 }) } }),
    '/ranged-no-content': answers({
      200: { description: 'ok', ...json({ from: 200 }) },
      '2XX': { description: 'none' },
    }),
    '/pets': {
      get: {
        responses: {
          200: {
            description: 'a pet',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { kind: { type: 'string', default: 'from-schema' } },
                },
                examples: {
                  cat: { summary: 'a cat', value: { kind: 'cat' } },
                  dog: { summary: 'a dog', value: { kind: 'dog' } },
                },
              },
            },
          },
          404: {
            description: 'missing',
            content: {
              'application/json': {
                examples: { gone: { value: { reason: 'gone' } }, missing: { value: { reason: 'missing' } } },
              },
            },
          },
        },
      },
    },
  },
};

const limit = { name: 'limit', in: 'query', required: true, schema: { type: 'integer', maximum: 10 } };
const invalidWith = (responses: Json) => ({
  get: {
    parameters: [limit],
    responses: { 200: { description: 'ok', ...json({ ok: true }) }, ...responses },
  },
});

const invalid = {
  openapi: '3.0.3',
  info: { ...info, title: 'Invalid requests' },
  paths: {
    '/declared-422': invalidWith({
      422: { description: 'invalid', ...json({ message: 'Check your request' }) },
      400: { description: 'bad', ...json({ message: 'not this one' }) },
    }),
    '/declared-400': invalidWith({
      400: {
        description: 'bad',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code'],
              properties: { code: { type: 'string', enum: ['BAD_REQUEST'] } },
            },
          },
        },
      },
    }),
    '/declared-4xx': invalidWith({ '4XX': { description: 'client error', ...json({ from: '4XX' }) } }),
    '/declared-default': invalidWith({ default: { description: 'error', ...json({ from: 'default' }) } }),
    '/declared-nothing': invalidWith({}),
    '/declared-without-body': invalidWith({ 400: { description: 'bad, no body' } }),
    '/declared-own-errors': invalidWith({ 400: { description: 'bad', ...json({ errors: ['theirs'] }) } }),
    '/declared-xml': invalidWith({
      422: { description: 'invalid', content: { 'application/xml': { example: '<error>invalid</error>' } } },
    }),
    '/declared-list': invalidWith({ 400: { description: 'bad', ...json(['first', 'second']) } }),
  },
};

const get = (path: string, headers?: Record<string, string>) => ({ method: 'GET', path, headers });
const problemsHeader = /^\[\{"location":"query\.limit","message":"must be at most 10"\}\]$/;

/** An item answered from its schema: the path's id goes into the body in the schema's type. */
const items = {
  openapi: '3.0.3',
  info,
  paths: {
    '/pets/{petId}': {
      get: {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          200: {
            description: 'a pet',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'name'],
                  properties: {
                    id: { type: 'integer', example: 10 },
                    name: { type: 'string', example: 'Rex' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

export const cases: ConformanceCase[] = [
  {
    name: "an item answered from its schema carries the path's id as an integer when the schema says so",
    document: items,
    request: get('/pets/7'),
    expect: { status: 200, body: { id: 7, name: 'Rex' } },
  },
  {
    name: 'a document with only a default response answers it, as 200',
    document: codes,
    request: get('/only-default'),
    expect: { status: 200, body: { from: 'default' } },
  },
  {
    name: 'a 2XX range answers as 200',
    document: codes,
    request: get('/only-range'),
    expect: { status: 200, body: { from: '2XX' } },
  },
  {
    name: 'a declared 2xx answers before default',
    document: codes,
    request: get('/created-or-default'),
    expect: { status: 201, body: { from: 201 } },
  },
  {
    name: 'the lowest declared 2xx answers',
    document: codes,
    request: get('/lowest-success'),
    expect: { status: 200, body: { from: 200 } },
  },
  {
    name: 'an operation that declares only an error answers it',
    document: codes,
    request: get('/only-error'),
    expect: { status: 404, body: { from: 404 } },
  },
  {
    name: 'Prefer: code= picks a declared code',
    document: codes,
    request: get('/lowest-success', { prefer: 'code=202' }),
    expect: { status: 202, body: { from: 202 } },
  },
  {
    name: 'Prefer: code= within a range answers that code with the range’s response',
    document: codes,
    request: get('/choices', { prefer: 'code=404' }),
    expect: { status: 404, body: { from: '4XX' } },
  },
  {
    name: 'Prefer: code= of an undeclared code falls to default, with that code',
    document: codes,
    request: get('/choices', { prefer: 'code=503' }),
    expect: { status: 503, body: { from: 'default' } },
  },
  {
    name: 'Prefer: code= that nothing declares is ignored',
    document: codes,
    request: get('/no-default', { prefer: 'code=418' }),
    expect: { status: 200, body: { from: 200 } },
    prism:
      'Prism answers 404 "Requested status code 418 is not defined"; RFC 7240 has a server ignore a preference it cannot honour, and a 404 would read as the resource missing',
  },
  {
    name: 'Prism’s __code query picks the code',
    document: codes,
    request: get('/choices?__code=400'),
    expect: { status: 400, body: { from: '4XX' } },
  },
  {
    name: 'the Prefer header wins over the __code query',
    document: codes,
    request: get('/choices?__code=400', { prefer: 'code=500' }),
    expect: { status: 500, body: { from: 'default' } },
  },
  {
    name: 'a 2XX range declared without content answers no body when preferred',
    document: codes,
    request: get('/ranged-no-content', { prefer: 'code=202' }),
    expect: { status: 202, headers: { 'content-type': null } },
  },
  {
    name: 'without a preference the first named example answers',
    document: codes,
    request: get('/pets'),
    expect: { status: 200, body: { kind: 'cat' } },
  },
  {
    name: 'Prefer: example= picks a named example',
    document: codes,
    request: get('/pets', { prefer: 'example=dog' }),
    expect: { status: 200, body: { kind: 'dog' } },
  },
  {
    name: 'Prism’s __example query picks a named example',
    document: codes,
    request: get('/pets?__example=dog'),
    expect: { status: 200, body: { kind: 'dog' } },
  },
  {
    name: 'a code and an example together pick the example of that code',
    document: codes,
    request: get('/pets', { prefer: 'code=404, example=missing' }),
    expect: { status: 404, body: { reason: 'missing' } },
  },
  {
    name: 'Prism’s semicolon form of Prefer is read too',
    document: codes,
    request: get('/pets', { prefer: 'code=404; example=missing' }),
    expect: { status: 404, body: { reason: 'missing' } },
  },
  {
    name: 'an unknown example name answers the first example',
    document: codes,
    request: get('/pets', { prefer: 'example=parrot' }),
    expect: { status: 200, body: { kind: 'cat' } },
    prism:
      'Prism answers 404 for an unknown example; RFC 7240 has a server ignore a preference it cannot honour',
  },
  {
    name: 'Prefer: dynamic=true generates from the schema instead of the example',
    document: codes,
    request: get('/pets', { prefer: 'dynamic=true' }),
    expect: { status: 200, body: { kind: 'from-schema' } },
  },
  {
    name: 'Prism’s __dynamic query generates from the schema',
    document: codes,
    request: get('/pets?__dynamic=true'),
    expect: { status: 200, body: { kind: 'from-schema' } },
  },
  {
    name: 'Prefer: dynamic=false answers the example',
    document: codes,
    request: get('/pets', { prefer: 'dynamic=false' }),
    expect: { status: 200, body: { kind: 'cat' } },
  },
  {
    name: 'an invalid request answers the declared 422 with its body, the problems merged in and in a header',
    document: invalid,
    request: get('/declared-422?limit=50'),
    expect: {
      status: 422,
      headers: { 'sandbox-problems': problemsHeader },
      body: {
        message: 'Check your request',
        errors: [{ location: 'query.limit', message: 'must be at most 10' }],
      },
    },
    prism:
      'Prism sends the example untouched and the violations in sl-violations; the sandbox adds them to an object body as errors too, so a client sees what was wrong',
  },
  {
    name: 'an invalid request answers a declared 400 generated from its schema',
    document: invalid,
    request: get('/declared-400?limit=50'),
    expect: {
      status: 400,
      headers: { 'sandbox-problems': problemsHeader },
      body: { code: 'BAD_REQUEST', errors: [{ location: 'query.limit', message: 'must be at most 10' }] },
    },
  },
  {
    name: 'an invalid request answers a declared 4XX, as 400',
    document: invalid,
    request: get('/declared-4xx'),
    expect: {
      status: 400,
      body: { from: '4XX', errors: [{ location: 'query.limit', message: 'is required' }] },
    },
    prism:
      'Prism answers a 4XX or default response as 422; the sandbox’s own code for an invalid request is 400',
  },
  {
    name: 'an invalid request answers a declared default, as 400',
    document: invalid,
    request: get('/declared-default?limit=x'),
    expect: {
      status: 400,
      body: { from: 'default', errors: [{ location: 'query.limit', message: 'must be an integer' }] },
    },
    prism: 'Prism answers a default response as 422; the sandbox’s own code for an invalid request is 400',
  },
  {
    name: 'an invalid request of an operation declaring no error answers the product’s 400 problem',
    document: invalid,
    request: get('/declared-nothing'),
    expect: {
      status: 400,
      headers: { 'content-type': /^application\/problem\+json/, 'sandbox-problems': null },
      body: (body: unknown) => (body as { errors: unknown[] }).errors.length === 1,
    },
    prism: 'Prism answers 422 when nothing is declared; the sandbox answers 400 as it always has',
  },
  {
    name: 'a declared 400 without a body answers problem details with that code',
    document: invalid,
    request: get('/declared-without-body'),
    expect: {
      status: 400,
      headers: { 'content-type': /^application\/problem\+json/ },
      body: (body: unknown) => (body as { title: string }).title === 'Invalid request',
    },
    prism:
      'Prism answers the declared 400 with an empty body; the sandbox says what is wrong, with the declared code',
  },
  {
    name: 'a declared body with an errors field of its own keeps it; the header carries the problems',
    document: invalid,
    request: get('/declared-own-errors?limit=50'),
    expect: { status: 400, headers: { 'sandbox-problems': problemsHeader }, body: { errors: ['theirs'] } },
  },
  {
    name: 'a declared XML error body is sent as XML, the problems in the header',
    document: invalid,
    request: get('/declared-xml?limit=50'),
    expect: {
      status: 422,
      headers: { 'content-type': /^application\/xml/, 'sandbox-problems': problemsHeader },
      body: '<error>invalid</error>',
    },
  },
  {
    name: 'a declared error body that is a list is sent as it is, the problems in the header',
    document: invalid,
    request: get('/declared-list?limit=50'),
    expect: { status: 400, headers: { 'sandbox-problems': problemsHeader }, body: ['first', 'second'] },
  },
  {
    name: 'a valid request of the same operation answers its success',
    document: invalid,
    request: get('/declared-422?limit=5'),
    expect: { status: 200, headers: { 'sandbox-problems': null }, body: { ok: true } },
  },
];
