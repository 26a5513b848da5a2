import { apisPaths, type BodyProperty, type ImportAnswer } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A tenant's document decides which patterns run against anonymous callers' input; none of them
// may hold the event loop every team shares.

const EXPONENTIAL = '^(a+)+$';
/** 64 characters: with backtracking, 2^64 ways to fail. */
const HOSTILE = `${'a'.repeat(64)}!`;

const codeSchema = {
  type: 'object',
  required: ['value'],
  properties: {
    value: { type: 'string', pattern: EXPONENTIAL },
    label: { type: 'string', pattern: '^(?!draft).*$' },
    contact: { type: 'string', format: 'email' },
  },
};
const json = (schema: object) => ({ 'application/json': { schema } });
const codesDocument = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Codes', version: '1.0.0' },
  paths: {
    '/codes': {
      get: {
        parameters: [{ name: 'prefix', in: 'query', schema: { type: 'string', pattern: EXPONENTIAL } }],
        responses: {
          '200': {
            description: 'Codes',
            content: json({ type: 'array', items: { $ref: '#/components/schemas/Code' } }),
          },
        },
      },
      post: {
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/Code' }) },
        responses: {
          '201': { description: 'Created', content: json({ $ref: '#/components/schemas/Code' }) },
        },
      },
    },
  },
  components: { schemas: { Code: codeSchema } },
});

describe.each(dialects)('a tenant’s patterns on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, codesDocument);
  });
  afterAll(() => app.close());

  it('refuse a hostile body value at once, and the server answers others meanwhile', async () => {
    const [refused, health] = await Promise.all([
      sandbox.call('POST', '/codes', { body: { value: HOSTILE } }),
      fetch(`${sandbox.origin}/api/health`),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { location: 'body.value', message: `must match the pattern ${EXPONENTIAL}` },
    ]);
    expect(health.status).toBe(200);
    expect((await sandbox.call('POST', '/codes', { body: { value: 'aaa' } })).statusCode).toBe(201);
  });

  it('hold query parameters to their pattern too', async () => {
    const refused = await sandbox.call('GET', `/codes?prefix=${HOSTILE}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { location: 'query.prefix', message: `must match the pattern ${EXPONENTIAL}` },
    ]);
    expect((await sandbox.call('GET', '/codes?prefix=aa')).statusCode).toBe(200);
  });

  it('are reported at import when they need lookahead, and not enforced', async () => {
    const imported = await importApi(app, auth, codesDocument, 'codes.json');
    const answer: ImportAnswer = imported.json();
    expect(answer.warnings).toEqual([
      {
        pointer: '#/components/schemas/Code/properties/label/pattern',
        message: 'The pattern ^(?!draft).*$ is not enforced: lookahead and lookbehind are not supported',
      },
    ]);
    const created = await sandbox.call('POST', '/codes', { body: { value: 'a', label: 'draft 2' } });
    expect(created.statusCode).toBe(201);
  });

  it('refuse, rather than let through, more text than one request may check', async () => {
    const res = await sandbox.call('POST', '/codes', { body: { value: 'a'.repeat(300_000) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        location: 'body.value',
        message: `could not be checked against the pattern ${EXPONENTIAL}: too much text at once`,
      },
    ]);
  });

  it('leave e-mail checks linear on a hostile address', async () => {
    const contact = `a@${'.'.repeat(200_000)}@`;
    const res = await sandbox.call('POST', '/codes', { body: { value: 'a', contact } });
    expect(res.json().errors).toEqual([{ location: 'body.contact', message: 'must be a valid email' }]);
  });

  it('check uploaded test data with the same engine', async () => {
    const listCodes = sandbox.api.apiConfigList.find((e) => e.methodType === 'GET')?.id as number;
    const form = new FormData();
    const csv = `value,label,contact\r\n${HOSTILE},,\r\naa,draft,\r\n`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'codes.csv');
    const request = new Request('http://form.test', { method: 'POST', body: form });
    const res = await app.server.inject({
      method: 'POST',
      url: `/api/api-response/${listCodes}/test-data-upload/`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') as string, ...auth },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(`Row 2, column value: must match the pattern ${EXPONENTIAL}`);
  });

  it('cannot be saved when the engine cannot run them, with the reason', async () => {
    const properties = (pattern: string): BodyProperty[] => [
      { jsonKey: 'value', jsonKeyType: 'string', isMandatory: true, pattern },
    ];
    const save = (pattern: string) =>
      app.server.inject({
        method: 'PUT',
        url: apisPaths.schema(sandbox.api.id, 'Code'),
        headers: auth,
        payload: { configProperties: properties(pattern) },
      });
    const refused = await save('^(\\w)\\1$');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'The pattern of value cannot be used',
      detail: 'backreferences are not supported',
    });
    expect((await save('^[A-Z]{3}$')).statusCode).toBe(200);
  });

  it('already stored before they were checked, do not stop the schema being saved again', async () => {
    const { api } = await deploy(app, auth, codesDocument);
    // as an import before this check stored it: nothing the product can do now
    const legacy = '^(?!draft).*$';
    const row = await app.db.kysely
      .selectFrom('body_properties')
      .innerJoin('schemas', 'schemas.id', 'body_properties.schema_id')
      .select(['body_properties.id', 'body_properties.definition'])
      .where('schemas.api_master_id', '=', api.id)
      .where('body_properties.json_key', '=', 'label')
      .executeTakeFirstOrThrow();
    const definition = JSON.stringify({ ...JSON.parse(row.definition), pattern: legacy });
    await app.db.kysely.updateTable('body_properties').set({ definition }).where('id', '=', row.id).execute();
    const detail = await app.server.inject({ url: apisPaths.one(api.id), headers: auth });
    const code = detail.json().schemaMasterList.find((s: { schemaName: string }) => s.schemaName === 'Code');
    expect(code.configProperties.find((p: BodyProperty) => p.jsonKey === 'label').pattern).toBe(legacy);
    const saved = await app.server.inject({
      method: 'PUT',
      url: apisPaths.schema(api.id, 'Code'),
      headers: auth,
      payload: { configProperties: code.configProperties },
    });
    expect(saved.statusCode).toBe(200);
  });
});
