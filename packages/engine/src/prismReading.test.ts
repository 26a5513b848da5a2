import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type MockRequest, mockDocument } from './document.js';

// Documents read the way Stoplight Prism reads them, where its reading is the document's meaning:
// each case mocked in the prism dialect (the command-line program's) and, where it holds for both,
// in the hosted sandbox's.

const yaml = (document: unknown) => stringify(document);
const problemsOf = (body: string | Buffer | undefined) =>
  (JSON.parse(String(body)) as { validation: unknown[] }).validation;

const swaggerForm = (parameters: unknown[], consumes = 'application/x-www-form-urlencoded') =>
  yaml({
    swagger: '2.0',
    info: { title: 'Form', version: '1' },
    paths: {
      '/path': {
        post: { consumes: [consumes], parameters, responses: { 200: { schema: { type: 'string' } } } },
      },
    },
  });

const form = (body: string): Pick<MockRequest, 'body' | 'headers'> => ({
  body,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const multipart = (fields: Record<string, string>): Pick<MockRequest, 'body' | 'headers'> => ({
  body: Object.entries(fields)
    .map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')
    .concat('--b--\r\n'),
  headers: { 'content-type': 'multipart/form-data; boundary=b' },
});

describe('Swagger 2.0 form fields', () => {
  const notEmpty = [{ in: 'formData', type: 'string', name: 'id', allowEmptyValue: false }];

  it('refuses an empty field written `allowEmptyValue: false`, in both dialects', async () => {
    for (const dialect of ['prism', 'sandbox'] as const) {
      const mock = mockDocument(swaggerForm(notEmpty), { dialect });
      const empty = await mock.answer({ method: 'POST', path: '/path', ...form('id') });
      expect(empty.status).toBe(dialect === 'prism' ? 422 : 400);
      expect(empty.problems).toEqual([expect.objectContaining({ location: 'body.id' })]);
      const given = await mock.answer({ method: 'POST', path: '/path', ...form('id=1') });
      expect(given.status).toBe(200);
    }
  });

  it('refuses an empty multipart field written `allowEmptyValue: false` with the minLength Prism names', async () => {
    const mock = mockDocument(swaggerForm(notEmpty, 'multipart/form-data'), { dialect: 'prism' });
    const empty = await mock.answer({ method: 'POST', path: '/path', ...multipart({ id: '' }) });
    expect(empty.status).toBe(422);
    expect(problemsOf(empty.body)).toEqual([
      expect.objectContaining({
        location: ['body', 'id'],
        code: 'minLength',
        message: 'Request body property id must NOT have fewer than 1 characters',
      }),
    ]);
  });
});

describe('format: byte', () => {
  const byte = [{ in: 'formData', type: 'string', format: 'byte', name: 'id' }];

  it("breaks Prism's pattern of base64's characters as well as the format, in the prism dialect", async () => {
    const mock = mockDocument(swaggerForm(byte), { dialect: 'prism' });
    const answer = await mock.answer({ method: 'POST', path: '/path', ...form('id=%25') });
    expect(answer.status).toBe(422);
    expect(problemsOf(answer.body)).toEqual([
      expect.objectContaining({
        code: 'pattern',
        message: 'Request body property id must match pattern "^[\\w\\d+\\/=]*$"',
      }),
      expect.objectContaining({
        code: 'format',
        message: 'Request body property id must match format "byte"',
      }),
    ]);
    const base64 = await mock.answer({ method: 'POST', path: '/path', ...form('id=aGk%3D') });
    expect(base64.status).toBe(200);
  });

  it('is the format alone in the hosted sandbox', async () => {
    const mock = mockDocument(swaggerForm(byte));
    const answer = await mock.answer({ method: 'POST', path: '/path', ...form('id=%25') });
    expect(answer.problems).toEqual([{ location: 'body.id', message: 'must be a valid byte' }]);
  });
});

describe('a request body that matches no alternative of its anyOf', () => {
  const document = yaml({
    openapi: '3.1.0',
    info: { title: 'Either', version: '1' },
    paths: {
      '/path': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  anyOf: [
                    { type: 'object', properties: { id: { type: 'string' } } },
                    { type: 'object', properties: { id: { type: 'string', maxLength: 3 } } },
                  ],
                },
              },
            },
          },
          responses: { 200: { description: 'OK' } },
        },
      },
    },
  });
  const sent = {
    method: 'POST',
    path: '/path',
    headers: { 'content-type': 'application/json' },
    body: '{"id":1}',
  };

  it("lists each alternative's errors, then the anyOf's, in the prism dialect; one problem in the hosted sandbox", async () => {
    const answer = await mockDocument(document, { dialect: 'prism' }).answer(sent);
    expect(answer.status).toBe(422);
    expect(problemsOf(answer.body)).toEqual([
      {
        location: ['body', 'id'],
        severity: 'Error',
        code: 'type',
        message: 'Request body property id must be string',
      },
      {
        location: ['body', 'id'],
        severity: 'Error',
        code: 'type',
        message: 'Request body property id must be string',
      },
      {
        location: ['body'],
        severity: 'Error',
        code: 'anyOf',
        message: 'Request body must match a schema in anyOf',
      },
    ]);
    const hosted = await mockDocument(document).answer(sent);
    expect(hosted.problems).toHaveLength(1);
    expect(hosted.problems[0]).toMatchObject({ location: 'body' });
  });
});

const collection = (fields: Record<string, unknown>, request: Record<string, unknown> = {}) =>
  JSON.stringify({
    info: { name: 'Test', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    ...fields,
    item: [
      {
        name: 'Todos',
        request: { method: 'GET', url: '{{baseUrl}}/todos', ...request },
        response: [
          {
            code: 200,
            header: [{ key: 'Content-Type', value: 'application/json' }],
            body: '"test"',
          },
        ],
      },
    ],
  });

describe('Postman auth', () => {
  const digest = { type: 'digest', digest: [] };
  const credentials = { authorization: 'Digest username="", realm="", nonce="", uri="", response=""' };

  it("reads a collection's digest auth as HTTP Digest, in both dialects", async () => {
    for (const dialect of ['prism', 'sandbox'] as const) {
      const mock = mockDocument(collection({ auth: digest }), { fileName: 'c.json', dialect });
      const refused = await mock.answer({ method: 'GET', path: '/todos' });
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Digest /);
      const admitted = await mock.answer({ method: 'GET', path: '/todos', headers: credentials });
      expect([admitted.status, String(admitted.body)]).toEqual([200, '"test"']);
    }
  });

  it("reads a request's digest auth as HTTP Digest", async () => {
    const mock = mockDocument(collection({}, { auth: digest }), { fileName: 'c.json', dialect: 'prism' });
    expect((await mock.answer({ method: 'GET', path: '/todos' })).status).toBe(401);
    expect((await mock.answer({ method: 'GET', path: '/todos', headers: credentials })).status).toBe(200);
  });
});

describe('a Postman form body', () => {
  const formBody = (contentType: string) =>
    collection(
      {},
      {
        method: 'POST',
        header: [{ key: 'Content-Type', value: contentType }],
        body: {
          mode: 'urlencoded',
          urlencoded: [
            { key: 'id', value: 100 },
            { key: 'status', value: 'open' },
          ],
        },
      },
    );

  it("is taken as the type the request's Content-Type names, in both dialects", async () => {
    for (const dialect of ['prism', 'sandbox'] as const) {
      const mock = mockDocument(formBody('multipart/form-data'), { fileName: 'c.json', dialect });
      const sent = await mock.answer({
        method: 'POST',
        path: '/todos',
        ...multipart({ id: '123', status: 'open' }),
      });
      expect(sent.status).toBe(200);
      const urlencoded = await mock.answer({ method: 'POST', path: '/todos', ...form('id=1') });
      expect(urlencoded.status).toBe(415);
    }
  });
});

describe('a Swagger 2.0 operation that says nothing of what it produces', () => {
  const text = yaml({
    swagger: '2.0',
    info: { title: 'Todos', version: '1' },
    paths: {
      '/todos': {
        get: { responses: { 200: { description: 'ok', schema: { type: 'string', example: 'ok' } } } },
      },
    },
  });

  it('answers no body in the prism dialect, as Prism does', async () => {
    const answer = await mockDocument(text, { dialect: 'prism' }).answer({ method: 'GET', path: '/todos' });
    expect([answer.status, answer.body, answer.headers['content-type']]).toEqual([200, undefined, undefined]);
  });

  it('answers JSON in the hosted sandbox', async () => {
    const answer = await mockDocument(text).answer({ method: 'GET', path: '/todos' });
    expect([answer.status, String(answer.body)]).toEqual([200, '"ok"']);
  });
});

describe('a path with an empty segment', () => {
  const text = yaml({
    openapi: '3.0.0',
    info: { title: 'Paths', version: '1' },
    paths: {
      '/path/{param}/foo': {
        parameters: [{ name: 'param', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          responses: {
            200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
    },
  });

  it("fills the template's parameter and is refused as missing it, in the prism dialect", async () => {
    const answer = await mockDocument(text, { dialect: 'prism' }).answer({
      method: 'GET',
      path: '/path//foo',
    });
    expect(answer.status).toBe(422);
    expect(problemsOf(answer.body)).toEqual([
      {
        location: ['path'],
        severity: 'Error',
        code: 'required',
        message: "Request path must have required property 'param'",
      },
    ]);
  });

  it('matches no operation in the hosted sandbox', async () => {
    const answer = await mockDocument(text).answer({ method: 'GET', path: '/path//foo' });
    expect(answer.status).toBe(404);
  });
});

describe("a form field's allowReserved", () => {
  const formWith = (mediaType: string, allowReserved: boolean) =>
    yaml({
      openapi: '3.0.1',
      info: { title: 'Forms', version: '1' },
      paths: {
        '/path': {
          post: {
            requestBody: {
              content: {
                [mediaType]: {
                  schema: { type: 'object', properties: { reserved: { type: 'string' } } },
                  encoding: { reserved: { contentType: 'text/plain', allowReserved, style: 'form' } },
                },
              },
            },
            responses: { 200: { description: 'ok', content: { 'text/plain': { example: 'ok' } } } },
          },
        },
      },
    });
  const refusal = {
    location: ['body', 'reserved'],
    severity: 'Error',
    message: 'Reserved characters used in request body',
  };

  it('false refuses reserved characters sent unencoded, in the prism dialect', async () => {
    const mock = mockDocument(formWith('application/x-www-form-urlencoded', false), { dialect: 'prism' });
    const raw = await mock.answer({ method: 'POST', path: '/path', ...form("reserved=:/?#[]@!$&'()*+,;") });
    expect([raw.status, problemsOf(raw.body)]).toEqual([422, [refusal]]);
    const encoded = await mock.answer({ method: 'POST', path: '/path', ...form('reserved=%3A%2F') });
    expect(encoded.status).toBe(200);
  });

  it('false refuses them in a multipart field too, as Prism does; true takes them', async () => {
    const refusing = mockDocument(formWith('multipart/form-data', false), { dialect: 'prism' });
    const sent = multipart({ reserved: ":/?#[]@!$&'()*+,;" });
    const refused = await refusing.answer({ method: 'POST', path: '/path', ...sent });
    expect([refused.status, problemsOf(refused.body)]).toEqual([422, [refusal]]);
    const taking = mockDocument(formWith('multipart/form-data', true), { dialect: 'prism' });
    expect((await taking.answer({ method: 'POST', path: '/path', ...sent })).status).toBe(200);
  });

  it('is not checked by the hosted sandbox', async () => {
    const mock = mockDocument(formWith('application/x-www-form-urlencoded', false));
    const raw = await mock.answer({ method: 'POST', path: '/path', ...form('reserved=a/b') });
    expect(raw.status).toBe(200);
  });
});

describe('a Swagger 2.0 form field written with collectionFormat', () => {
  const csv = [
    { in: 'formData', type: 'array', name: 'arr', items: { type: 'integer' }, collectionFormat: 'csv' },
  ];

  it('is a list split on its separator, and absent is no list, as Prism reads it', async () => {
    const mock = mockDocument(swaggerForm(csv), { dialect: 'prism' });
    const absent = await mock.answer({ method: 'POST', path: '/path', ...form('a%2Fb%2Fc') });
    expect([absent.status, problemsOf(absent.body)]).toEqual([
      422,
      [
        expect.objectContaining({
          location: ['body', 'arr'],
          code: 'type',
          message: 'Request body property arr must be array',
        }),
      ],
    ]);
    const split = await mock.answer({ method: 'POST', path: '/path', ...form('arr=1%2C2%2C3') });
    expect(split.status).toBe(200);
    const wrongItem = await mock.answer({ method: 'POST', path: '/path', ...form('arr=1%2Cx') });
    expect(problemsOf(wrongItem.body)).toEqual([expect.objectContaining({ location: ['body', 'arr', '1'] })]);
  });

  it('is not required in the hosted sandbox', async () => {
    const mock = mockDocument(swaggerForm(csv));
    expect((await mock.answer({ method: 'POST', path: '/path', ...form('a%2Fb%2Fc') })).status).toBe(200);
  });
});
