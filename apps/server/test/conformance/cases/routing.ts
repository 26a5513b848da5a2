// Routing (issue 13, Build 1 and 7): which operation answers a path, with which parameters; HEAD,
// OPTIONS and TRACE; and the 404 and 405 answers. Each operation answers `{ op }` so a case sees which.

import type { ConformanceCase } from '../runConformance.js';

type Json = Record<string, unknown>;

const answers = (op: string, status = '200') => ({
  [status]: { description: op, content: { 'application/json': { example: { op } } } },
});
const operation = (op: string, parameters: Json[] = [], status = '200') => ({
  operationId: op,
  parameters,
  responses: answers(op, status),
});
const inPath = (name: string, schema: Json = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  schema,
});
const openapi = (paths: Json) => ({ openapi: '3.0.3', info: { title: 'Routing', version: '1.0.0' }, paths });

const pets = openapi({
  '/pets': { get: operation('listPets'), post: operation('createPet', [], '201') },
  '/pets/mine': { get: operation('myPets') },
  '/pets/{petId}': {
    get: operation('getPet', [inPath('petId')]),
    delete: operation('deletePet', [inPath('petId')]),
  },
  '/pets/{petId}/toys/{toyId}': { get: operation('getToy', [inPath('petId'), inPath('toyId')]) },
});

const midSegment = openapi({
  '/files/{name}.{ext}': { get: operation('fileByNameAndExtension', [inPath('name'), inPath('ext')]) },
  '/files/{name}.json': { get: operation('jsonFile', [inPath('name')]) },
  '/files/report.pdf': { get: operation('theReport') },
  '/files/{fileId}': { get: operation('fileById', [inPath('fileId')]) },
  '/test:{rpc}': { get: operation('rpc', [inPath('rpc', { type: 'string', enum: ['ping'] })]) },
  '/pet/a:{b}': { get: operation('colonPrefix', [inPath('b', { type: 'integer' })]) },
  '/pet/{x}': { get: operation('anyPet', [inPath('x')]) },
  '/reports/{year}-{month}': {
    get: operation('monthlyReport', [
      inPath('year', { type: 'integer' }),
      inPath('month', { type: 'integer', maximum: 12 }),
    ]),
  },
});

const archive = openapi({
  '/archives/{name}.{ext}': {
    get: operation('archive', [
      inPath('name', { type: 'string', enum: ['backup'] }),
      inPath('ext', { type: 'string', enum: ['tar.gz'] }),
    ]),
  },
});

// Two operations name the parameter at one position differently: each must get its own name.
const users = openapi({
  '/users/{id}/orders': { get: operation('userOrders', [inPath('id', { type: 'integer' })]) },
  '/users/{userId}': { get: operation('getUser', [inPath('userId', { type: 'string', minLength: 2 })]) },
});

const encoded = openapi({
  '/caf%C3%A9': { get: operation('encodedLiteral') },
  '/menu/crème brûlée': { get: operation('rawLiteral') },
  '/discounts/100%25': { get: operation('percentLiteral') },
  '/tags/{tag}': {
    get: operation('tag', [inPath('tag', { type: 'string', enum: ['a b', 'x/y', 'ü', '100%'] })]),
  },
});

const slashes = openapi({
  '/pets': { get: operation('listPets') },
  '/pets/{petId}': { get: operation('getPet', [inPath('petId')]) },
  '/declared-with-slash/': { get: operation('declaredWithSlash') },
  '/both': { get: operation('withoutSlash') },
  '/both/': { get: operation('withSlash') },
});

const methods = openapi({
  '/status': { get: operation('status') },
  '/ping': {
    get: operation('getPing'),
    head: { operationId: 'headPing', responses: { '204': { description: 'alive' } } },
    options: operation('optionsPing'),
    trace: operation('tracePing'),
  },
  '/jobs': { post: operation('createJob', [], '202') },
  '/limited': {
    get: {
      responses: {
        '200': {
          description: 'Limited',
          headers: { 'X-Rate-Limit': { schema: { type: 'integer' }, example: 5 } },
          content: { 'text/plain': { example: 'plenty left' } },
        },
      },
    },
  },
});

// Where only the code of an invalid request differs from Prism, which is the validation's rule.
const prism422 =
  'Prism answers an invalid request 422 when the document declares no error response; the product answers 400 (DESIGN §6).';
const prismHead =
  'Prism answers 405 to HEAD unless the document declares it; RFC 9110 has every GET resource answer HEAD.';

const problemOf = (status: number) => (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as Json).status === status &&
  typeof (body as Json).title === 'string';

export const cases: ConformanceCase[] = [
  // concrete paths before templated ones
  {
    name: 'a concrete path wins over a template at the same place',
    document: pets,
    request: { method: 'GET', path: '/pets/mine' },
    expect: { status: 200, body: { op: 'myPets' } },
  },
  {
    name: 'a template answers what no concrete path takes',
    document: pets,
    request: { method: 'GET', path: '/pets/42' },
    expect: { status: 200, body: { op: 'getPet' } },
  },
  {
    name: 'several parameters in several segments',
    document: pets,
    request: { method: 'GET', path: '/pets/42/toys/7' },
    expect: { status: 200, body: { op: 'getToy' } },
  },
  {
    name: 'a concrete file name wins over the templates that also match it',
    document: midSegment,
    request: { method: 'GET', path: '/files/report.pdf' },
    expect: { status: 200, body: { op: 'theReport' } },
  },
  {
    name: 'a template with a literal suffix wins over one with a parameter there',
    document: midSegment,
    request: { method: 'GET', path: '/files/notes.json' },
    expect: { status: 200, body: { op: 'jsonFile' } },
  },
  // parameters inside a segment
  {
    name: 'two parameters in one segment, split at the dot',
    document: midSegment,
    request: { method: 'GET', path: '/files/photo.png' },
    expect: { status: 200, body: { op: 'fileByNameAndExtension' } },
  },
  {
    name: 'a parameter followed by a dot stops at the first dot, as Prism reads it',
    document: archive,
    request: { method: 'GET', path: '/archives/backup.tar.gz' },
    expect: { status: 200, body: { op: 'archive' } },
  },
  {
    name: 'a segment without the separator goes to the plain parameter',
    document: midSegment,
    request: { method: 'GET', path: '/files/README' },
    expect: { status: 200, body: { op: 'fileById' } },
  },
  {
    name: 'a parameter after a literal colon (`/test:{rpc}`)',
    document: midSegment,
    request: { method: 'GET', path: '/test:ping' },
    expect: { status: 200, body: { op: 'rpc' } },
  },
  {
    name: 'an encoded colon matches a literal colon',
    document: midSegment,
    request: { method: 'GET', path: '/test%3Aping' },
    expect: { status: 200, body: { op: 'rpc' } },
    prism:
      'Prism finds /test:{rpc} but cannot read rpc from /test%3Aping (422); here a literal matches however it is encoded.',
  },
  {
    name: 'text before the literal does not match a template that starts with it',
    document: midSegment,
    request: { method: 'GET', path: '/xtest:ping' },
    expect: { status: 404 },
    prism:
      'Prism matches a segment template unanchored, so /xtest:ping reaches /test:{rpc} and fails there with 422.',
  },
  {
    name: 'a literal prefix with a colon inside a segment (`/pet/a:{b}`)',
    document: midSegment,
    request: { method: 'GET', path: '/pet/a:12' },
    expect: { status: 200, body: { op: 'colonPrefix' } },
  },
  {
    name: 'the value after the prefix is validated under its own name',
    document: midSegment,
    request: { method: 'GET', path: '/pet/a:twelve' },
    expect: {
      status: 400,
      body: (body) => JSON.stringify((body as Json).errors).includes('path.b'),
    },
    prism:
      'Prism ranks /pet/{x} and /pet/a:{b} alike and takes the first declared (200 from /pet/{x}); here the template with more literal text wins, and its integer b refuses `twelve` (400, where Prism would say 422).',
  },
  {
    name: 'a segment without the prefix falls back to the plain parameter',
    document: midSegment,
    request: { method: 'GET', path: '/pet/b:12' },
    expect: { status: 200, body: { op: 'anyPet' } },
  },
  {
    name: 'two parameters split at a dash, each validated',
    document: midSegment,
    request: { method: 'GET', path: '/reports/2024-13' },
    expect: {
      status: 400,
      body: (body) => JSON.stringify((body as Json).errors).includes('path.month'),
    },
    prism: prism422,
  },
  // per-operation parameter names
  {
    name: 'each operation reads the parameter under its own name (`userId`)',
    document: users,
    request: { method: 'GET', path: '/users/ab' },
    expect: { status: 200, body: { op: 'getUser' } },
  },
  {
    name: 'each operation reads the parameter under its own name (`id`)',
    document: users,
    request: { method: 'GET', path: '/users/12/orders' },
    expect: { status: 200, body: { op: 'userOrders' } },
  },
  {
    name: 'a parameter of the other operation is validated by its own schema',
    document: users,
    request: { method: 'GET', path: '/users/ab/orders' },
    expect: {
      status: 400,
      body: (body) =>
        JSON.stringify((body as Json).errors) === '[{"location":"path.id","message":"must be an integer"}]',
    },
    prism: prism422,
  },
  // percent-encoding
  {
    name: 'a percent-encoded literal in the document answers the same encoding',
    document: encoded,
    request: { method: 'GET', path: '/caf%C3%A9' },
    expect: { status: 200, body: { op: 'encodedLiteral' } },
  },
  {
    name: 'a literal written unencoded in the document answers its encoding',
    document: encoded,
    request: { method: 'GET', path: '/menu/cr%C3%A8me%20br%C3%BBl%C3%A9e' },
    expect: { status: 200, body: { op: 'rawLiteral' } },
  },
  {
    name: 'an encoded percent sign in the document matches an encoded one in the request',
    document: encoded,
    request: { method: 'GET', path: '/discounts/100%25' },
    expect: { status: 200, body: { op: 'percentLiteral' } },
  },
  {
    name: 'a parameter value is percent-decoded (a space)',
    document: encoded,
    request: { method: 'GET', path: '/tags/a%20b' },
    expect: { status: 200, body: { op: 'tag' } },
  },
  {
    name: 'an encoded slash stays inside the parameter, decoded',
    document: encoded,
    request: { method: 'GET', path: '/tags/x%2Fy' },
    expect: { status: 200, body: { op: 'tag' } },
  },
  {
    name: 'UTF-8 in a parameter is decoded',
    document: encoded,
    request: { method: 'GET', path: '/tags/%C3%BC' },
    expect: { status: 200, body: { op: 'tag' } },
  },
  {
    name: 'an encoded percent sign in a parameter is decoded once',
    document: encoded,
    request: { method: 'GET', path: '/tags/100%25' },
    expect: { status: 200, body: { op: 'tag' } },
  },
  {
    name: 'a plus sign in a path is not a space',
    document: encoded,
    request: { method: 'GET', path: '/tags/a+b' },
    expect: { status: 400 },
    prism: prism422,
  },
  // trailing slashes and empty segments
  {
    name: 'a trailing slash the document does not write still answers',
    document: slashes,
    request: { method: 'GET', path: '/pets/' },
    expect: { status: 200, body: { op: 'listPets' } },
    prism:
      'Prism reads /pets/ as /pets/{petId} with an empty id and answers 422; an empty segment never fills a parameter here, and a trailing slash is optional unless the document declares both forms.',
  },
  {
    name: 'a path declared with a trailing slash answers without it',
    document: slashes,
    request: { method: 'GET', path: '/declared-with-slash' },
    expect: { status: 200, body: { op: 'declaredWithSlash' } },
    prism: 'Prism compares segment counts, so the slash must be sent exactly as declared (404 otherwise).',
  },
  {
    name: 'when both forms are declared, the path without a slash answers its own operation',
    document: slashes,
    request: { method: 'GET', path: '/both' },
    expect: { status: 200, body: { op: 'withoutSlash' } },
  },
  {
    name: 'when both forms are declared, the path with a slash answers its own operation',
    document: slashes,
    request: { method: 'GET', path: '/both/' },
    expect: { status: 200, body: { op: 'withSlash' } },
  },
  {
    name: 'an empty segment does not fill a parameter',
    document: pets,
    request: { method: 'GET', path: '/pets//toys/7' },
    expect: { status: 404 },
    prism:
      'Prism lets an empty segment fill {petId} and answers 422 for the value missing; here an empty segment fills no parameter, so no route matches.',
  },
  {
    name: 'a long parameter value (1,000 characters) is routed',
    document: pets,
    request: { method: 'GET', path: `/pets/${'x'.repeat(1000)}` },
    expect: { status: 200, body: { op: 'getPet' } },
  },
  // 404 and 405
  {
    name: 'an unknown path answers 404 problem details',
    document: pets,
    request: { method: 'GET', path: '/owners' },
    expect: {
      status: 404,
      headers: { 'content-type': /^application\/problem\+json/, allow: null },
      body: problemOf(404),
    },
  },
  {
    name: 'a known path with another method answers 405 with what it allows',
    document: pets,
    request: { method: 'PUT', path: '/pets' },
    expect: {
      status: 405,
      headers: { allow: 'GET, HEAD, POST, OPTIONS', 'content-type': /^application\/problem\+json/ },
      body: problemOf(405),
    },
    prism: 'Prism answers 405 without an Allow header; RFC 9110 requires one.',
  },
  {
    name: 'a 405 through a template lists that template’s methods',
    document: pets,
    request: { method: 'POST', path: '/pets/42' },
    expect: { status: 405, headers: { allow: 'GET, HEAD, DELETE, OPTIONS' } },
  },
  // HEAD
  {
    name: 'HEAD answers a GET route with its headers and no body',
    document: methods,
    request: { method: 'HEAD', path: '/status' },
    expect: {
      status: 200,
      headers: { 'content-type': /json/, 'content-length': String('{"op":"status"}'.length) },
      body: '',
    },
    prism:
      'Prism answers 405 to HEAD unless the document declares it; RFC 9110 has every GET resource answer HEAD.',
  },
  {
    name: 'HEAD sends the GET’s declared headers, media type and length, without the body',
    document: methods,
    request: { method: 'HEAD', path: '/limited' },
    expect: {
      status: 200,
      headers: { 'x-rate-limit': '5', 'content-type': /^text\/plain/, 'content-length': '11' },
      body: '',
    },
    prism: prismHead,
  },
  {
    name: 'HEAD of a templated GET route answers too',
    document: pets,
    request: { method: 'HEAD', path: '/pets/42' },
    expect: { status: 200, body: '' },
    prism: prismHead,
  },
  {
    name: 'a HEAD operation in the document answers as declared',
    document: methods,
    request: { method: 'HEAD', path: '/ping' },
    expect: { status: 204, body: '' },
  },
  {
    name: 'HEAD where only POST is declared answers 405',
    document: methods,
    request: { method: 'HEAD', path: '/jobs' },
    expect: { status: 405, headers: { allow: 'POST, OPTIONS' }, body: '' },
  },
  {
    name: 'HEAD of an unknown path answers 404 without a body',
    document: methods,
    request: { method: 'HEAD', path: '/nowhere' },
    expect: { status: 404, body: '' },
  },
  // OPTIONS and TRACE
  {
    name: 'an OPTIONS operation in the document answers as declared',
    document: methods,
    request: { method: 'OPTIONS', path: '/ping' },
    expect: { status: 200, body: { op: 'optionsPing' } },
  },
  {
    name: 'a CORS preflight is answered even where the document declares OPTIONS',
    document: methods,
    request: {
      method: 'OPTIONS',
      path: '/ping',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' },
    },
    expect: {
      status: 204,
      headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': /PUT/ },
      body: '',
    },
  },
  {
    name: 'a CORS preflight is answered where the document declares no OPTIONS',
    document: pets,
    request: {
      method: 'OPTIONS',
      path: '/pets/42',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    },
    expect: {
      status: 204,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': /DELETE/,
        'access-control-allow-headers': 'authorization',
      },
    },
  },
  {
    name: 'OPTIONS the document does not declare tells what the path allows',
    document: pets,
    request: { method: 'OPTIONS', path: '/pets' },
    expect: {
      status: 204,
      headers: { allow: 'GET, HEAD, POST, OPTIONS', 'access-control-allow-origin': '*' },
    },
    prism:
      'Prism answers 405 to an OPTIONS the document does not declare; here it answers as an HTTP server does (RFC 9110 §9.3.7), with Allow.',
  },
  {
    name: 'a TRACE operation in the document answers as declared',
    document: methods,
    request: { method: 'TRACE', path: '/ping' },
    expect: { status: 200, body: { op: 'tracePing' } },
  },
  {
    name: 'TRACE the document does not declare answers 405',
    document: methods,
    request: { method: 'TRACE', path: '/status' },
    expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } },
  },
];
