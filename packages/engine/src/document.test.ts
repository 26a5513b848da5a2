import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { memoryRecords } from './answer/memoryRecords.js';
import { type MockRequest, mockDocument } from './document.js';
import { ImportError } from './import/ImportError.js';

// The engine on its own: a real public document in, answers out, no database anywhere.

const require = createRequire(import.meta.url);
const example = (path: string) => readFileSync(require.resolve(`@readme/oas-examples/${path}`), 'utf8');
const json = (body: unknown): Pick<MockRequest, 'body' | 'headers'> => ({
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});
const parsed = (body: string | Buffer | undefined) => JSON.parse(String(body));

describe('a document mocked by the engine alone', () => {
  it('stores what a POST sends: GET returns it, DELETE removes it (petstore-expanded, OpenAPI 3.0)', async () => {
    const mock = mockDocument(example('3.0/json/petstore-expanded.json'), { fileName: 'petstore.json' });
    const created = await mock.answer({
      method: 'POST',
      path: '/pets',
      ...json({ name: 'Rex', tag: 'dog' }),
    });
    expect(created.status).toBe(200);
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
    const pet = parsed(created.body);
    expect(pet).toMatchObject({ name: 'Rex', tag: 'dog', id: expect.any(Number) });

    const read = await mock.answer({ method: 'GET', path: `/pets/${pet.id}` });
    expect([read.status, parsed(read.body)]).toEqual([200, pet]);
    const listed = await mock.answer({ method: 'GET', path: '/pets?limit=10' });
    expect(parsed(listed.body)).toEqual([pet]);

    const removed = await mock.answer({ method: 'DELETE', path: `/pets/${pet.id}` });
    expect([removed.status, removed.body]).toEqual([204, undefined]);
    const gone = await mock.answer({ method: 'GET', path: `/pets/${pet.id}` });
    expect(gone.status).toBe(404);
  });

  it('finds a record by the field its path parameter names in x-sandbox-record-field', async () => {
    const pet = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    const answers = { content: { 'application/json': { schema: pet } } };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      paths: {
        '/pets': { post: { requestBody: answers, responses: { 201: answers } } },
        '/pets/{petName}': {
          get: {
            parameters: [{ name: 'petName', in: 'path', required: true, 'x-sandbox-record-field': 'name' }],
            responses: { 200: answers },
          },
        },
      },
    };
    const mock = mockDocument(JSON.stringify(document), { fileName: 'pets.json' });
    await mock.answer({ method: 'POST', path: '/pets', ...json({ id: 1, name: 'Rex' }) });
    const found = await mock.answer({ method: 'GET', path: '/pets/Rex' });
    expect([found.status, parsed(found.body)]).toEqual([200, { id: 1, name: 'Rex' }]);
    expect((await mock.answer({ method: 'GET', path: '/pets/1' })).status).toBe(404);
  });

  it('refuses a body that breaks the schema in the shape of the declared default, and says where', async () => {
    const mock = mockDocument(example('3.0/json/petstore-expanded.json'), { fileName: 'petstore.json' });
    const answer = await mock.answer({ method: 'POST', path: '/pets', ...json({ name: 7 }) });
    expect(answer.status).toBe(400);
    expect(answer.problems).toEqual([{ location: 'body.name', message: 'must be a string, got an integer' }]);
    expect(JSON.parse(answer.headers['sandbox-problems'])).toEqual(answer.problems);
    // the document's `default` Error: a code and a message, with the problems beside them
    expect(parsed(answer.body)).toMatchObject({
      code: expect.any(Number),
      message: expect.any(String),
      errors: answer.problems,
    });
  });

  it('answers a Swagger 2.0 document read as YAML, with values of the declared types', async () => {
    const document = stringify(JSON.parse(example('2.0/json/petstore-expanded.json')));
    const mock = mockDocument(document, { fileName: 'petstore.yaml' });
    const answer = await mock.answer({ method: 'GET', path: '/pets/12' });
    expect(answer.status).toBe(200);
    expect(parsed(answer.body)).toMatchObject({ id: 12, name: expect.any(String) });
    const unknown = await mock.answer({ method: 'GET', path: '/owners' });
    expect(unknown.status).toBe(404);
    const wrongMethod = await mock.answer({ method: 'PUT', path: '/pets/12' });
    expect([wrongMethod.status, wrongMethod.headers.allow]).toEqual([405, 'GET, HEAD, DELETE, OPTIONS']);
  });

  it('gives the same answer to the same request under one seed', async () => {
    const text = example('3.0/json/petstore-expanded.json');
    const answers = await Promise.all(
      [1, 1, 2].map((seed) =>
        mockDocument(text, { fileName: 'petstore.json', seed }).answer({ method: 'GET', path: '/pets/5' }),
      ),
    );
    const [first, again, other] = answers.map((a) => parsed(a.body));
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('answers 507 when the records it is given may hold no more', async () => {
    const records = memoryRecords({ maxRecords: 1, maxBytes: 1024 * 1024 });
    const mock = mockDocument(example('3.0/json/petstore-expanded.json'), { fileName: 'p.json', records });
    expect((await mock.answer({ method: 'POST', path: '/pets', ...json({ name: 'Rex' }) })).status).toBe(200);
    const refused = await mock.answer({ method: 'POST', path: '/pets', ...json({ name: 'Tom' }) });
    expect(refused.status).toBe(507);
    expect(parsed(refused.body)).toMatchObject({ limit: 'records', max: 1 });
  });

  it('throws ImportError, with where, for a document it cannot read', () => {
    expect(() => mockDocument('{"openapi": "3.0.0", "paths": ', { fileName: 'broken.json' })).toThrow(
      ImportError,
    );
  });

  it("answers Prism's way in the prism dialect, and the hosted way without it", async () => {
    const text = example('3.0/json/petstore-expanded.json');
    const invalid = { method: 'POST', path: '/pets', ...json({ name: 7 }) };
    const prism = mockDocument(text, { fileName: 'p.json', dialect: 'prism' });
    const refused = await prism.answer(invalid);
    // petstore-expanded declares only `default` for an error: Prism answers it, with its violations
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.headers['sl-violations'])).toEqual([
      { location: ['request', 'body', 'name'], severity: 'Error', code: 'type', message: 'must be string' },
    ]);
    const unknown = await prism.answer({ method: 'GET', path: '/owners' });
    expect([unknown.status, parsed(unknown.body).type]).toEqual([
      404,
      'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
    ]);
    // stateless: what a POST sent is not what a GET finds
    await prism.answer({ method: 'POST', path: '/pets', ...json({ name: 'Rex' }) });
    expect(parsed((await prism.answer({ method: 'GET', path: '/pets' })).body)).not.toContainEqual(
      expect.objectContaining({ name: 'Rex' }),
    );

    const hosted = await mockDocument(text, { fileName: 'p.json' }).answer(invalid);
    expect(hosted.status).toBe(400);
    expect(hosted.headers['sl-violations']).toBeUndefined();
  });
});
