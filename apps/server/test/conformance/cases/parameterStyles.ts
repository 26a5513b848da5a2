// Parameters are read as their `style` and `explode` write them (OpenAPI 3.1 §4.8.12.4, the style
// examples table), then coerced by their schema and validated: a well-written request passes, and a
// wrong value is named by its place.

import type { ConformanceCase } from '../runConformance.js';

const ok = { 200: { description: 'ok', content: { 'application/json': { example: { ok: true } } } } };

const integers = { type: 'array', items: { type: 'integer' } };
const point = {
  type: 'object',
  required: ['x'],
  properties: { x: { type: 'integer' }, y: { type: 'integer' } },
};

const document = {
  openapi: '3.1.0',
  info: { title: 'Styles', version: '1.0' },
  paths: {
    '/query': {
      get: {
        parameters: [
          { name: 'ids', in: 'query', schema: integers },
          { name: 'csv', in: 'query', explode: false, schema: integers },
          { name: 'spaced', in: 'query', style: 'spaceDelimited', explode: false, schema: integers },
          { name: 'piped', in: 'query', style: 'pipeDelimited', explode: false, schema: integers },
          { name: 'pagination', in: 'query', style: 'deepObject', schema: point },
        ],
        responses: ok,
      },
    },
    '/spread': {
      get: {
        parameters: [{ name: 'where', in: 'query', required: true, schema: point }],
        responses: ok,
      },
    },
    '/packed': {
      get: {
        parameters: [{ name: 'where', in: 'query', explode: false, schema: point }],
        responses: ok,
      },
    },
    '/simple/{ids}': {
      get: { parameters: [{ name: 'ids', in: 'path', required: true, schema: integers }], responses: ok },
    },
    '/label/{ids}': {
      get: {
        parameters: [{ name: 'ids', in: 'path', required: true, style: 'label', schema: integers }],
        responses: ok,
      },
    },
    '/matrix/{point}': {
      get: {
        parameters: [
          { name: 'point', in: 'path', required: true, style: 'matrix', explode: true, schema: point },
        ],
        responses: ok,
      },
    },
    '/codes/{code}': {
      get: {
        parameters: [
          { name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Z]{3}$' } },
        ],
        responses: ok,
      },
    },
    '/headers': {
      get: {
        parameters: [
          { name: 'X-Rate', in: 'header', required: true, schema: { type: 'integer', maximum: 100 } },
          { name: 'X-Ids', in: 'header', schema: integers },
          { name: 'session', in: 'cookie', schema: { type: 'integer' } },
        ],
        responses: ok,
      },
    },
    '/json-filter': {
      get: {
        parameters: [{ name: 'filter', in: 'query', content: { 'application/json': { schema: point } } }],
        responses: ok,
      },
    },
  },
};

const get = (path: string, headers?: Record<string, string>) => ({ method: 'GET', path, headers });
const passes = { status: 200 };
const refusedAt = (location: string) => ({
  status: 400,
  body: (body: unknown) => {
    const { errors } = body as { errors: { location: string }[] };
    return errors.some((e) => e.location === location);
  },
});

export const cases: ConformanceCase[] = [
  {
    name: 'form exploded: a repeated key is a list',
    document,
    request: get('/query?ids=1&ids=2'),
    expect: passes,
  },
  {
    name: 'form exploded: an item of the wrong type is named',
    document,
    request: get('/query?ids=1&ids=x'),
    expect: refusedAt('query.ids[1]'),
  },
  {
    name: 'form unexploded: a comma-separated list',
    document,
    request: get('/query?csv=1,2,3'),
    expect: passes,
  },
  {
    name: 'spaceDelimited: a space-separated list',
    document,
    request: get('/query?spaced=1%202%203'),
    expect: passes,
  },
  {
    name: 'pipeDelimited: a pipe-separated list',
    document,
    request: get('/query?piped=1|2|3'),
    expect: passes,
  },
  {
    name: 'pipeDelimited: a wrong item is refused',
    document,
    request: get('/query?piped=1|two'),
    expect: refusedAt('query.piped[1]'),
  },
  {
    name: 'deepObject: pagination[x]=1 is an object',
    document,
    request: get('/query?pagination[x]=1&pagination[y]=2'),
    expect: passes,
  },
  {
    name: 'deepObject: a missing required member is named',
    document,
    request: get('/query?pagination[y]=2'),
    expect: refusedAt('query.pagination.x'),
  },
  {
    name: 'an exploded form object spreads over the query',
    document,
    request: get('/spread?x=1&y=2'),
    expect: passes,
  },
  {
    name: 'an exploded form object that is required and absent is named',
    document,
    request: get('/spread?other=1'),
    expect: refusedAt('query.where'),
  },
  {
    name: 'an unexploded form object is name,value pairs',
    document,
    request: get('/packed?where=x,1,y,2'),
    expect: passes,
  },
  { name: 'simple path list', document, request: get('/simple/3,4,5'), expect: passes },
  {
    name: 'simple path list with a wrong item',
    document,
    request: get('/simple/3,x'),
    expect: refusedAt('path.ids[1]'),
  },
  { name: 'label path list', document, request: get('/label/.3,4,5'), expect: passes },
  { name: 'matrix exploded path object', document, request: get('/matrix/;x=1;y=2'), expect: passes },
  { name: "a path parameter's pattern passes", document, request: get('/codes/ABC'), expect: passes },
  {
    name: "a path parameter's pattern refuses",
    document,
    request: get('/codes/abcd'),
    expect: refusedAt('path.code'),
  },
  {
    name: 'a header within bounds and a header list',
    document,
    request: get('/headers', { 'x-rate': '7', 'x-ids': '1, 2' }),
    expect: passes,
  },
  {
    name: 'a header above its maximum is named',
    document,
    request: get('/headers', { 'x-rate': '700' }),
    expect: refusedAt('header.x-rate'),
  },
  {
    name: 'a missing required header is named',
    document,
    request: get('/headers'),
    expect: refusedAt('header.x-rate'),
  },
  {
    name: 'a cookie of the wrong type is named',
    document,
    request: get('/headers', { 'x-rate': '7', cookie: 'a=b; session=abc' }),
    expect: refusedAt('cookie.session'),
  },
  {
    name: 'a JSON query parameter is parsed and checked',
    document,
    request: get('/json-filter?filter=%7B%22x%22%3A1%7D'),
    expect: passes,
  },
  {
    name: 'a JSON query parameter missing a member is named',
    document,
    request: get('/json-filter?filter=%7B%22y%22%3A1%7D'),
    expect: refusedAt('query.filter.x'),
  },
];
