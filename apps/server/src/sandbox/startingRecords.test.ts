import { testDataPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// The test data of a collection's endpoints are its first records, as a Mockoon or json-server user
// expects: listed a page at a time with their total, found, changed and removed by id, added to by a POST.
const library = `
openapi: 3.0.3
info: { title: Library, version: 1.0.0 }
paths:
  /books:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
        - { name: offset, in: query, schema: { type: integer } }
        - { name: page, in: query, schema: { type: integer } }
      responses:
        '200':
          description: Books
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Book' } }
    post:
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } }
      responses:
        '201':
          description: Created
          content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } }
  /books/{bookId}:
    parameters:
      - { name: bookId, in: path, required: true, schema: { type: integer } }
    get:
      responses:
        '200':
          description: A book
          content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } }
    put:
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } }
      responses:
        '200':
          description: Replaced
          content: { application/json: { schema: { $ref: '#/components/schemas/Book' } } }
    delete:
      responses:
        '204': { description: Removed }
components:
  schemas:
    Book:
      type: object
      required: [title]
      properties:
        id: { type: integer }
        title: { type: string }
        author: { type: string }
`;

const books = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  title: `Book ${i + 1}`,
  author: `Author ${i + 1}`,
}));

describe.each(dialects)("a collection's test data as its first records, on %s", (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect, { SANDBOX_MAX_RECORDS: '12' });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  /** A deployed library whose GET /books has `rows` as its test data. */
  async function libraryWith(rows: Record<string, unknown>[]) {
    const sandbox = await deploy(app, auth, library);
    const list = sandbox.api.apiConfigList.find((e) => e.methodType === 'GET' && e.apiEndPoint === '/books');
    const saved = await app.server.inject({
      method: 'POST',
      url: testDataPaths.upload('response', list?.id as number),
      headers: auth,
      payload: rows,
    });
    expect(saved.statusCode).toBe(200);
    return sandbox;
  }

  it('lists them a page at a time with their total, and finds each by its id', async () => {
    const sandbox = await libraryWith(books);
    const first = await sandbox.call('GET', '/books?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(books.slice(0, 2));
    expect(first.headers['x-total-count']).toBe('10');
    expect(first.headers.link).toContain('<?offset=2&limit=2>; rel="next"');

    const third = await sandbox.call('GET', '/books?page=3&limit=4');
    expect(third.json()).toEqual(books.slice(8));
    const all = await sandbox.call('GET', '/books');
    expect(all.json()).toEqual(books);
    expect(all.headers['x-total-count']).toBe('10');

    const found = await sandbox.call('GET', '/books/7');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(books[6]);
    expect((await sandbox.call('GET', '/books/70')).statusCode).toBe(404);
  });

  it('adds a posted book after them, and changes and removes them by id', async () => {
    const sandbox = await libraryWith(books);
    const posted = await sandbox.call('POST', '/books', { body: { id: 11, title: 'Posted' } });
    expect(posted.statusCode).toBe(201);
    const after = await sandbox.call('GET', '/books');
    expect(after.json()).toEqual([...books, { id: 11, title: 'Posted' }]);
    expect(after.headers['x-total-count']).toBe('11');
    expect((await sandbox.call('GET', '/books/3')).json()).toEqual(books[2]);

    const replaced = await sandbox.call('PUT', '/books/2', { body: { title: 'Renamed' } });
    expect(replaced.statusCode).toBe(200);
    expect((await sandbox.call('GET', '/books/2')).json()).toEqual({ id: 2, title: 'Renamed' });
    expect((await sandbox.call('DELETE', '/books/5')).statusCode).toBe(204);
    expect((await sandbox.call('GET', '/books/5')).statusCode).toBe(404);
    const listed = await sandbox.call('GET', '/books?limit=100');
    expect(listed.json().map((book: { id: number }) => book.id)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    expect(listed.headers['x-total-count']).toBe('10');
  });

  it('stores none of them when they would pass the API’s limit, and still answers them', async () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ id: i + 1, title: `Book ${i + 1}` }));
    const sandbox = await libraryWith(many);
    const refused = await sandbox.call('DELETE', '/books/1');
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({ status: 507, limit: 'records', max: 12 });
    const listed = await sandbox.call('GET', '/books');
    expect(listed.headers['x-total-count']).toBe('13');
    expect((await sandbox.call('GET', '/books/1')).json()).toEqual(many[0]);
  });
});
