import { testDataMessages } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importFields } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { inlineOrdersYaml } from '../../test/support/sandboxDocuments.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

describe.each(dialects)('test data on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  let listOwners: number;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, petstoreYaml);
    listOwners = sandbox.api.apiConfigList.find((e) => e.apiEndPoint === '/owners')?.id as number;
  });
  afterAll(() => app.close());

  async function upload(csv: string, type = 'text/csv', append = false) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type }), 'owners.csv');
    const request = new Request('http://form.test', { method: 'POST', body: form });
    return app.server.inject({
      method: 'POST',
      url: `/api/api-response/${listOwners}/test-data-upload/${append ? '?append=true' : ''}`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') as string, ...auth },
    });
  }
  const storedRows = async () =>
    (await app.server.inject({ url: `/api/api-response/${listOwners}/test-data`, headers: auth })).json()
      .rows;

  it('offers a test.csv template whose columns are the schema’s keys', async () => {
    const res = await app.server.inject({
      url: `/api/api-response/${listOwners}/test-sample-download`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('test.csv');
    expect(res.body).toBe('email,pets\r\n');
  });

  it('refuses a file that is not CSV', async () => {
    const res = await upload('email,pets\r\n', 'application/pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(testDataMessages.invalidFormat);
  });

  it('refuses a header that does not match, naming the columns', async () => {
    const res = await upload('email,cats\r\nann@example.com,[]\r\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/missing pets; unexpected cats/);
  });

  it('names the row and column of each bad cell and keeps nothing of a refused file', async () => {
    expect((await upload('email,pets\r\nann@example.com,[]\r\n')).statusCode).toBe(200);
    const res = await upload(
      'email,pets\r\nbob@example.com,[]\r\nnot-an-email,[]\r\ncarl@example.com,{oops\r\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Row 3, column email: must be a valid email');
    expect(res.json().detail).toContain('Row 4, column pets: "{oops" is not JSON');
    expect(await storedRows()).toEqual([{ email: 'ann@example.com', pets: [] }]);
  });

  it('appends rows when asked, and the sandbox answers with them', async () => {
    expect((await upload('email,pets\r\nann@example.com,[]\r\n')).statusCode).toBe(200);
    const res = await upload('email,pets\r\ndora@example.com,\r\n', 'application/vnd.ms-excel', true);
    expect(res.statusCode).toBe(200);
    expect(await storedRows()).toEqual([
      { email: 'ann@example.com', pets: [] },
      { email: 'dora@example.com' },
    ]);
    const answer = await sandbox.call('GET', '/owners');
    expect(answer.json()).toEqual([{ email: 'ann@example.com', pets: [] }, { email: 'dora@example.com' }]);
  });

  it('accepts generated rows as JSON and checks them too', async () => {
    const url = `/api/api-response/${listOwners}/test-data-upload/`;
    const good = await app.server.inject({
      method: 'POST',
      url,
      payload: [{ email: 'eve@example.com' }],
      headers: auth,
    });
    expect(good.statusCode).toBe(200);
    const bad = await app.server.inject({ method: 'POST', url, payload: [{ email: 42 }], headers: auth });
    expect(bad.json().message).toBe('Row 1, column email: must be a string, got an integer');
  });

  it('takes an inline body’s columns and checks from its schema as declared', async () => {
    const orders = await deploy(app, auth, inlineOrdersYaml, { ...importFields, apiName: 'Orders' });
    const list = orders.api.apiConfigList.find((e) => e.methodType === 'GET')?.id as number;
    const template = await app.server.inject({
      url: `/api/api-response/${list}/test-sample-download`,
      headers: auth,
    });
    expect(template.body).toBe('id,quantity,customer\r\n');
    const url = `/api/api-response/${list}/test-data-upload/`;
    const id = crypto.randomUUID();
    const refused = await app.server.inject({
      method: 'POST',
      url,
      payload: [{ id, quantity: 10 }],
      headers: auth,
    });
    expect(refused.json().message).toBe('Row 1, column quantity: must be a multiple of 7');
    const kept = await app.server.inject({
      method: 'POST',
      url,
      payload: [{ id, quantity: 14 }],
      headers: auth,
    });
    expect(kept.statusCode).toBe(200);
    expect((await orders.call('GET', '/orders')).json()).toEqual([{ id, quantity: 14 }]);
  });
});
