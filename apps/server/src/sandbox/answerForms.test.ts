import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// An answer is written as its media type says: a string answered as JSON is JSON text (`"pong"`),
// one answered as text is the text itself. And OpenAPI 3.0's `nullable`, which real 3.1 documents
// still write (Codat's, say), lets null through in a 3.1 document as it does in a 3.0 one.

// Shaped like springdoc's output (TokenJay's document in APIs.guru): every response is `*/*`, so the
// type answered is the one the client asks for.
const greetings = `
openapi: 3.0.1
info: { title: Greeting service, version: v0 }
servers:
  - { url: 'http://localhost:8080', description: Generated server url }
paths:
  /greeting:
    get:
      tags: [greeting-controller]
      operationId: greeting
      responses:
        '200':
          description: OK
          content:
            '*/*':
              schema: { type: string }
              example: pong
        '404':
          description: Not Found
          content:
            '*/*':
              schema: { type: string }
  /ping:
    get:
      operationId: ping
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: string }
              example: pong
  /word:
    get:
      operationId: word
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: string, minLength: 3 }
  /motd:
    get:
      operationId: messageOfTheDay
      responses:
        '200':
          description: OK
          content:
            text/plain:
              schema: { type: string }
              example: pong
  /greeting/{id}:
    get:
      operationId: greetingById
      parameters: [{ name: id, in: path, required: true, schema: { type: integer, format: int64 } }]
      responses:
        '200':
          description: OK
          content:
            '*/*':
              schema: { $ref: '#/components/schemas/Greeting' }
components:
  schemas:
    Greeting:
      type: object
      properties:
        id: { type: integer, format: int64 }
        content: { type: string }
`;

// Shaped like Codat's banking API (APIs.guru): a 3.1.0 document whose schemas say `nullable: true`
// beside 3.1's own `type: [number, 'null']`.
const banking = `
openapi: 3.1.0
info: { title: Banking, version: 3.0.0 }
paths:
  /accounts:
    post:
      operationId: create-bank-account
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Account' }
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Account' }
  /accounts/{accountId}:
    parameters:
      - { name: accountId, in: path, required: true, schema: { type: string } }
    get:
      operationId: get-bank-account
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Account' }
              example: { id: acc-1, currency: GBP, holder: null, balance: null }
    patch:
      operationId: update-bank-account
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Account' }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Account' }
  /accounts/{accountId}/holder:
    parameters:
      - { name: accountId, in: path, required: true, schema: { type: string } }
    get:
      operationId: get-bank-account-holder
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Holder' }
              example: null
components:
  schemas:
    Holder:
      description: The name of the person or company who holds the account.
      type: string
      nullable: true
    Account:
      type: object
      required: [currency]
      properties:
        id: { type: string, readOnly: true }
        currency: { description: The currency code for the account., type: string, minLength: 1 }
        holder: { $ref: '#/components/schemas/Holder' }
        nickname: { type: string, nullable: true, enum: [main, savings] }
        balance: { type: [number, 'null'] }
`;

describe.each(dialects)('answers in the form their media type says, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, greetings);
  });
  afterAll(() => app.close());

  const asJson = { accept: 'application/json' };

  it('answers a string example declared application/json as JSON text', async () => {
    const res = await sandbox.call('GET', '/ping', { headers: asJson });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('"pong"');
  });

  it('answers a string generated for application/json as JSON text', async () => {
    const res = await sandbox.call('GET', '/word', { headers: asJson });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(expect.any(String));
  });

  it('answers a string example of a declared */* asked for as JSON as JSON text', async () => {
    const res = await sandbox.call('GET', '/greeting', { headers: asJson });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('"pong"');
  });

  it('answers a string generated for a declared */* asked for as JSON as JSON text', async () => {
    const res = await sandbox.call('GET', '/greeting', { headers: { ...asJson, prefer: 'code=404' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(expect.any(String));
  });

  it('answers an object of a declared */* with no example as JSON, asked for nothing in particular', async () => {
    const res = await sandbox.call('GET', '/greeting/7');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ id: expect.any(Number), content: expect.any(String) });
  });

  it('still answers a string as plain text where the type is text', async () => {
    const declared = await sandbox.call('GET', '/motd', { headers: { accept: 'text/plain' } });
    expect(declared.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(declared.body).toBe('pong');
    // a */* asked for nothing in particular answers a string example as text
    const ranged = await sandbox.call('GET', '/greeting');
    expect(ranged.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(ranged.body).toBe('pong');
  });
});

describe.each(dialects)('a 3.1 document’s nullable: true, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, banking);
  });
  afterAll(() => app.close());

  it('answers an example whose nullable fields are null as written', async () => {
    const res = await sandbox.call('GET', '/accounts/acc-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'acc-1', currency: 'GBP', holder: null, balance: null });
  });

  it('answers an example null of a nullable schema as JSON null', async () => {
    const res = await sandbox.call('GET', '/accounts/acc-1/holder');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('null');
  });

  it('takes null in a nullable field of a request, stores it and answers it', async () => {
    const made = await sandbox.call('POST', '/accounts', {
      body: { currency: 'EUR', holder: null, nickname: null, balance: null },
    });
    expect(made.statusCode).toBe(201);
    const { id, ...record } = made.json();
    expect(record).toEqual({ currency: 'EUR', holder: null, nickname: null, balance: null });
    // the operation's schema is the whole Account's, so its required currency is sent again
    const changed = await sandbox.call('PATCH', `/accounts/${id}`, {
      body: { currency: 'EUR', holder: null, nickname: 'main' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ holder: null, nickname: 'main' });
    const read = await sandbox.call('GET', `/accounts/${id}`);
    expect(read.json()).toEqual({ id, currency: 'EUR', holder: null, nickname: 'main', balance: null });
  });

  it('still refuses a value of another type in a nullable field', async () => {
    const res = await sandbox.call('POST', '/accounts', { body: { currency: 'EUR', holder: 5 } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('holder');
  });
});
