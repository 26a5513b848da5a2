// Media types (issue 13, Build 2): each response is written in the media type the document declares,
// JSON and every `+json`, text as text, XML from the example or from the schema's `xml` objects,
// binary types, form fields, YAML and HTML.

import type { ConformanceCase } from '../runConformance.js';

type Json = Record<string, unknown>;

const get = (content: Json) => ({ get: { responses: { 200: { description: 'ok', content } } } });

const media = {
  openapi: '3.0.3',
  info: { title: 'Media types', version: '1.0' },
  paths: {
    '/text': get({ 'text/plain': { example: 'ok' } }),
    '/number-as-text': get({ 'text/plain': { schema: { type: 'integer' }, example: 42 } }),
    '/generated-text': get({ 'text/plain': { schema: { type: 'string', enum: ['ready'] } } }),
    '/csv': get({ 'text/csv': { example: 'id,name\n1,Rex\n' } }),
    '/html': get({ 'text/html': { example: '<h1>Hello</h1>' } }),
    '/xml-example': get({ 'application/xml': { example: '<pet><name>Rex</name></pet>' } }),
    '/xml-schema': get({
      'application/xml': {
        schema: {
          type: 'object',
          xml: { name: 'pet', namespace: 'https://example.com/pets', prefix: 'p' },
          properties: {
            id: { type: 'integer', example: 7, xml: { attribute: true } },
            name: { type: 'string', example: 'Rex & Co' },
            tags: {
              type: 'array',
              example: ['cute', 'small'],
              xml: { name: 'tags', wrapped: true },
              items: { type: 'string', xml: { name: 'tag' } },
            },
          },
        },
      },
    }),
    '/soap': get({ 'application/soap+xml': { example: '<Envelope/>' } }),
    '/problem': get({ 'application/problem+json': { example: { title: 'Fine', status: 200 } } }),
    '/vendor': get({ 'application/vnd.api+json': { example: { data: [] } } }),
    '/hal': get({
      'application/hal+json': {
        schema: { type: 'object', properties: { id: { type: 'integer', example: 3 } } },
      },
    }),
    '/json-string': get({ 'application/json': { example: 'ok' } }),
    '/octets': get({ 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }),
    '/octets-example': get({ 'application/octet-stream': { example: 'hello' } }),
    '/base64': get({
      'application/octet-stream': { schema: { type: 'string', format: 'byte' }, example: 'aGVsbG8=' },
    }),
    '/png': get({ 'image/png': { schema: { type: 'string', format: 'binary' } } }),
    '/form': get({ 'application/x-www-form-urlencoded': { example: { name: 'Rex Jr', tags: ['a', 'b'] } } }),
    '/yaml': get({ 'application/yaml': { example: { name: 'Rex' } } }),
    '/null-default': get({
      'application/json': { schema: { type: 'string', nullable: true, default: null } },
    }),
    '/null-property': get({
      'application/json': {
        schema: { type: 'object', properties: { note: { type: 'string', nullable: true, default: null } } },
      },
    }),
    '/null-example': get({
      'application/json': { schema: { type: 'object', nullable: true }, example: null },
    }),
    '/wrong-example': get({
      'application/json': {
        schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        example: { id: 'not a number' },
      },
    }),
  },
};

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const call = (path: string, headers?: Record<string, string>) => ({ method: 'GET', path, headers });

export const cases: ConformanceCase[] = [
  {
    name: 'a text/plain example is sent as text, not as a JSON string',
    document: media,
    request: call('/text'),
    expect: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'ok' },
  },
  {
    name: 'a number example of a text type is its digits',
    document: media,
    request: call('/number-as-text'),
    expect: { status: 200, headers: { 'content-type': /^text\/plain/ }, body: '42' },
  },
  {
    name: 'text generated from its schema is plain text',
    document: media,
    request: call('/generated-text'),
    expect: { status: 200, headers: { 'content-type': /^text\/plain/ }, body: 'ready' },
  },
  {
    name: 'a CSV example is sent as written, line breaks included',
    document: media,
    request: call('/csv'),
    expect: { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: 'id,name\n1,Rex\n' },
  },
  {
    name: 'an HTML example is sent as HTML, still under the sandbox CSP',
    document: media,
    request: call('/html'),
    expect: {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': 'sandbox' },
      body: '<h1>Hello</h1>',
    },
  },
  {
    name: 'a string XML example is sent as it is',
    document: media,
    request: call('/xml-example'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: '<pet><name>Rex</name></pet>',
    },
  },
  {
    name: 'XML generated from the schema honours name, namespace, prefix, attribute and wrapped',
    document: media,
    request: call('/xml-schema'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: `${XML_DECLARATION}<p:pet xmlns:p="https://example.com/pets" id="7"><name>Rex &amp; Co</name><tags><tag>cute</tag><tag>small</tag></tags></p:pet>`,
    },
    prism:
      'Prism writes any object under an <xml> root and ignores the xml objects; the document names the elements',
  },
  {
    name: 'a +xml type is written as XML',
    document: media,
    request: call('/soap'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
      body: '<Envelope/>',
    },
  },
  {
    name: 'a declared problem+json success is JSON with its own content type',
    document: media,
    request: call('/problem'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/problem+json; charset=utf-8' },
      body: { title: 'Fine', status: 200 },
    },
  },
  {
    name: 'a vendor +json type answers JSON under its own name',
    document: media,
    request: call('/vendor'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
      body: { data: [] },
    },
  },
  {
    name: 'a +json body is generated from its schema',
    document: media,
    request: call('/hal'),
    expect: { status: 200, headers: { 'content-type': /^application\/hal\+json/ }, body: { id: 3 } },
  },
  {
    name: 'a string example of a JSON type is a JSON string',
    document: media,
    request: call('/json-string'),
    expect: { status: 200, headers: { 'content-type': /^application\/json/ }, body: 'ok' },
  },
  {
    name: 'an octet stream without an example answers a small generated payload',
    document: media,
    request: call('/octets'),
    expect: { status: 200, headers: { 'content-type': 'application/octet-stream', 'content-length': '16' } },
  },
  {
    name: 'an octet stream example is sent as its bytes',
    document: media,
    request: call('/octets-example'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/octet-stream' },
      body: (_: unknown, answer: { text: string }) => answer.text === 'hello',
    },
  },
  {
    name: 'a base64 (format: byte) binary example is sent decoded',
    document: media,
    request: call('/base64'),
    expect: {
      status: 200,
      headers: { 'content-length': '5' },
      body: (_: unknown, answer: { text: string }) => answer.text === 'hello',
    },
  },
  {
    name: 'an image type without an example answers a real one-pixel image',
    document: media,
    request: call('/png'),
    expect: {
      status: 200,
      headers: { 'content-type': 'image/png' },
      body: (_: unknown, answer: { text: string }) => answer.text.slice(1, 4) === 'PNG',
    },
  },
  {
    name: 'a form-urlencoded example is written as form fields',
    document: media,
    request: call('/form'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: 'name=Rex+Jr&tags=a&tags=b',
    },
  },
  {
    name: 'a YAML example is written as YAML',
    document: media,
    request: call('/yaml'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/yaml; charset=utf-8' },
      body: 'name: Rex\n',
    },
  },
  {
    name: 'a nullable schema with default: null answers null, not "null"',
    document: media,
    request: call('/null-default'),
    expect: { status: 200, headers: { 'content-type': /^application\/json/ }, body: null },
  },
  {
    name: 'a nullable property with default: null is null in the body',
    document: media,
    request: call('/null-property'),
    expect: { status: 200, body: { note: null } },
  },
  {
    name: 'an example: null answers JSON null',
    document: media,
    request: call('/null-example'),
    expect: { status: 200, headers: { 'content-type': /^application\/json/ }, body: null },
  },
  {
    name: 'an example that is not a value of its schema is not answered: a generated body is',
    document: media,
    request: call('/wrong-example'),
    expect: { status: 200, body: (body) => Number.isInteger((body as { id: unknown }).id) },
    prism: 'Prism answers the example as written, though its schema refuses it',
  },
];
