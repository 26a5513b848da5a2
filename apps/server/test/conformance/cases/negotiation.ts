// Content negotiation (issue 13, Build 3): Accept, with q-values and wildcards, picks among the media
// types a response declares; nothing acceptable answers 406 listing them; no Accept takes the first.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ConformanceCase } from '../runConformance.js';

/** ReadMe's example of responses with several media types and named examples, as published. */
const readme = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/yaml/response-multiple-mediatypes.yaml'),
  'utf8',
);

const info = { title: 'Negotiation', version: '1.0' };

const negotiation = {
  openapi: '3.0.3',
  info,
  paths: {
    '/pet': {
      get: {
        responses: {
          200: {
            description: 'one pet, three ways',
            content: {
              'application/json': { example: { name: 'Rex' } },
              'application/xml': { example: '<pet><name>Rex</name></pet>' },
              'text/plain': { example: 'Rex' },
            },
          },
        },
      },
    },
    '/text-first': {
      get: {
        responses: {
          200: {
            description: 'text declared first',
            content: {
              'text/plain': { example: 'first' },
              'application/json': { example: { second: true } },
            },
          },
        },
      },
    },
    '/nothing': { get: { responses: { 200: { description: 'no content' } } } },
    '/image': { get: { responses: { 200: { description: 'any image', content: { 'image/*': {} } } } } },
    '/anything': {
      get: { responses: { 200: { description: 'any', content: { '*/*': { example: 'anything' } } } } },
    },
    '/vendor': {
      get: {
        responses: {
          200: { description: 'vendor', content: { 'application/vnd.api+json': { example: { data: 1 } } } },
        },
      },
    },
  },
};

const pets = {
  openapi: '3.0.3',
  info,
  paths: {
    '/pets': {
      get: {
        responses: {
          200: {
            description: 'pets',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
              'application/xml': {
                schema: { type: 'array', xml: { name: 'pets' }, items: { $ref: '#/components/schemas/Pet' } },
              },
            },
          },
        },
      },
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: {
          201: {
            description: 'stored',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string', example: 'Generated' },
        },
      },
    },
  },
};

/** A store of its own: a POST refused by Accept must leave nothing behind. */
const notes = {
  ...pets,
  info: { title: 'Negotiation: nothing stored', version: '1.0' },
  paths: { '/notes': pets.paths['/pets'] },
};

const swagger2 = {
  swagger: '2.0',
  info,
  produces: ['application/json', 'application/xml'],
  paths: {
    '/status': {
      get: {
        responses: {
          200: {
            description: 'status',
            schema: { type: 'object', properties: { up: { type: 'boolean' } } },
            examples: {
              'application/json': { up: true },
              'application/xml': '<status><up>true</up></status>',
            },
          },
        },
      },
    },
  },
};

const accept = (path: string, value?: string) => ({
  method: 'GET',
  path,
  headers: value === undefined ? undefined : { accept: value },
});

export const cases: ConformanceCase[] = [
  {
    name: 'no Accept takes the first declared type',
    document: negotiation,
    request: accept('/pet'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { name: 'Rex' },
    },
  },
  {
    name: 'Accept */* takes the first declared type',
    document: negotiation,
    request: accept('/pet', '*/*'),
    expect: { status: 200, headers: { 'content-type': /^application\/json/ }, body: { name: 'Rex' } },
  },
  {
    name: 'a type declared first is the default even when it is not JSON',
    document: negotiation,
    request: accept('/text-first'),
    expect: { status: 200, headers: { 'content-type': /^text\/plain/ }, body: 'first' },
  },
  {
    name: 'Accept names the declared XML',
    document: negotiation,
    request: accept('/pet', 'application/xml'),
    expect: {
      status: 200,
      headers: { 'content-type': /^application\/xml/ },
      body: '<pet><name>Rex</name></pet>',
    },
  },
  {
    name: 'Accept names the declared text',
    document: negotiation,
    request: accept('/pet', 'text/plain'),
    expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Rex' },
  },
  {
    name: 'a type range in Accept matches a declared type of its family',
    document: negotiation,
    request: accept('/pet', 'text/*'),
    expect: { status: 200, body: 'Rex' },
  },
  {
    name: 'the highest q-value wins',
    document: negotiation,
    request: accept('/pet', 'application/json;q=0.1, application/xml;q=0.9'),
    expect: { status: 200, headers: { 'content-type': /^application\/xml/ } },
  },
  {
    name: 'q=0 refuses a type, the wildcard takes the next declared',
    document: negotiation,
    request: accept('/pet', 'application/json;q=0, */*'),
    expect: { status: 200, headers: { 'content-type': /^application\/xml/ } },
  },
  {
    name: 'a browser Accept prefers the declared XML over the wildcard',
    document: negotiation,
    request: accept('/pet', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
    expect: { status: 200, headers: { 'content-type': /^application\/xml/ } },
  },
  {
    name: 'a charset parameter in Accept still matches the declared type',
    document: negotiation,
    request: accept('/pet', 'application/json; charset=utf-8'),
    expect: { status: 200, body: { name: 'Rex' } },
  },
  {
    name: 'nothing acceptable answers 406 listing the declared types',
    document: negotiation,
    request: accept('/pet', 'image/png'),
    expect: {
      status: 406,
      headers: { 'content-type': /^application\/problem\+json/ },
      body: (body: unknown) =>
        JSON.stringify((body as { available: string[] }).available) ===
        JSON.stringify(['application/json', 'application/xml', 'text/plain']),
    },
  },
  {
    name: 'a vendor type is not plain JSON: Accept application/json answers 406',
    document: negotiation,
    request: accept('/vendor', 'application/json'),
    expect: { status: 406 },
  },
  {
    name: 'a response without content answers no body and no content type, whatever the Accept',
    document: negotiation,
    request: accept('/nothing', 'application/xml'),
    expect: { status: 200, headers: { 'content-type': null, 'content-length': '0' }, body: () => true },
    prism: 'Prism answers the same; no content is not a reason for 406',
  },
  {
    name: 'a declared range answers the concrete type the request asks',
    document: negotiation,
    request: accept('/image', 'image/gif'),
    expect: {
      status: 200,
      headers: { 'content-type': 'image/gif' },
      body: (_: unknown, answer: { text: string }) => answer.text.startsWith('GIF89a'),
    },
  },
  {
    name: 'a declared */* answers a string example as text',
    document: negotiation,
    request: accept('/anything'),
    expect: { status: 200, headers: { 'content-type': /^text\/plain/ }, body: 'anything' },
  },
  {
    name: 'Swagger 2 produces and per-type examples negotiate as well',
    document: swagger2,
    request: accept('/status', 'application/xml'),
    expect: {
      status: 200,
      headers: { 'content-type': /^application\/xml/ },
      body: '<status><up>true</up></status>',
    },
  },
  {
    name: 'stored records are written in the negotiated XML',
    document: pets,
    before: [{ method: 'POST', path: '/pets', body: { name: 'Rex' } }],
    request: accept('/pets', 'application/xml'),
    expect: {
      status: 200,
      headers: { 'content-type': /^application\/xml/ },
      body: (_: unknown, answer: { text: string }) =>
        /^<\?xml [^>]*\?><pets><Pet>(<id>[0-9a-f-]{36}<\/id>)?<name>Rex<\/name>(<id>[0-9a-f-]{36}<\/id>)?<\/Pet><\/pets>$/.test(
          answer.text,
        ),
    },
    prism: 'Prism keeps no records; the sandbox answers what was stored, in the media type asked',
  },
  {
    name: 'a POST refused with 406 stores nothing',
    document: notes,
    before: [{ method: 'POST', path: '/notes', headers: { accept: 'image/png' }, body: { name: 'Stored' } }],
    request: accept('/notes'),
    expect: {
      status: 200,
      body: (body: unknown) => Array.isArray(body) && body.every((note) => note.name === 'Generated'),
    },
  },
  {
    name: 'a published document: its first declared type, text, answers a POST without Accept',
    document: readme,
    request: { method: 'POST', path: '/multiple-types-multiple-examples', body: {} },
    expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'OK' },
  },
  {
    name: 'a published document: Accept and Prefer pick its JSON type and named example',
    document: readme,
    request: {
      method: 'POST',
      path: '/multiple-types-multiple-examples',
      headers: { accept: 'application/json', prefer: 'example=dog' },
      body: {},
    },
    expect: {
      status: 200,
      headers: { 'content-type': /^application\/json/ },
      body: { name: 'Puma', petType: 'Dog', color: 'Black', gender: 'Female', breed: 'Mixed' },
    },
  },
  {
    name: 'a published document: XML asked of a JSON-only response answers 406',
    document: readme,
    request: accept('/single-type-multiple-examples', 'application/xml'),
    expect: {
      status: 406,
      body: (body: unknown) => (body as { available: string[] }).available[0] === 'application/json',
    },
  },
  {
    name: 'a published document: its 400 XML example is sent as written',
    document: readme,
    request: accept('/single-type-single-example?__code=400'),
    expect: {
      status: 400,
      headers: { 'content-type': /^application\/xml/ },
      body: (_: unknown, answer: { text: string }) =>
        answer.text.startsWith('<?xml version="1.0" encoding="UTF-8"?><note><to>Tove</to>'),
    },
  },
];
