import { readFileSync } from 'node:fs';
import {
  type ApiMasterDetail,
  apisPaths,
  designPaths,
  type EndpointDetail,
  type ReimportAnswer,
  reimportPaths,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi, multipartBody } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A re-import as a three-way merge of what the last import brought, what the user changed by hand and
// the new document: Hoot v1, v2 and v2 with three descriptions rewritten (test-fixtures/reimport/README.md).
const fixture = (name: string) =>
  readFileSync(new URL(`../../test-fixtures/reimport/${name}`, import.meta.url), 'utf8');
const v1 = fixture('hoot-v1.json');
const v2 = fixture('hoot-v2.json');
const described = fixture('hoot-v2-described.json');
const hootFields = { apiName: 'Hoot', apiDescription: 'Hoots', apiVersion: '1.0', isAuthRequired: 'false' };

type Operation = {
  parameters: Record<string, unknown>[];
  responses: Record<string, { description: string }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, { description: string }> }> };
};

/** A version of Hoot whose GET /hoot/{id} also takes a query parameter `fields`, changed by `edit`. */
function withFields(text: string, edit: (document: Document) => void = () => {}): string {
  const document = JSON.parse(text) as Document;
  document.paths['/hoot/{id}'].get.parameters.push({
    in: 'query',
    name: 'fields',
    description: 'The fields to answer',
    schema: { type: 'string' },
  });
  edit(document);
  return JSON.stringify(document);
}

describe.each(dialects)('a re-import of an API edited by hand on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  async function imported(document: string) {
    const res = await importApi(app, auth, document, 'hoot.json', hootFields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  async function reimport(apiId: number, document: string, dryRun = false) {
    const { payload, headers } = await multipartBody({}, { name: 'hoot.json', content: document });
    const res = await app.server.inject({
      method: 'POST',
      url: `${reimportPaths.upload(apiId)}${dryRun ? '?dryRun=true' : ''}`,
      payload,
      headers: { ...headers, ...auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReimportAnswer;
  }
  const detail = async (apiId: number) =>
    (await app.server.inject({ url: apisPaths.one(apiId), headers: auth })).json() as ApiMasterDetail;
  const hootSchema = async (apiId: number) =>
    (await detail(apiId)).schemaMasterList.find((s) => s.schemaName === 'Hoot');
  async function getHoot(apiId: number) {
    const id = (await detail(apiId)).apiConfigList.find(
      (e) => e.methodType === 'GET' && e.apiEndPoint === '/hoot/{id}',
    )?.id as number;
    const res = await app.server.inject({ url: apisPaths.endpoint(apiId, id), headers: auth });
    return res.json() as EndpointDetail;
  }
  const exported = async (apiId: number) =>
    (await app.server.inject({ url: apisPaths.openapi(apiId), headers: auth })).json() as Document;
  async function expectDone(answer: PromiseLike<{ statusCode: number; body: string }>) {
    const res = await answer;
    expect(res.statusCode, res.body).toBeLessThan(300);
  }

  it('names each hand edit it keeps over a change of the document, on the dry run and once applied', async () => {
    const apiId = await imported(v1);
    const endpoint = await getHoot(apiId);
    await expectDone(
      app.server.inject({
        method: 'POST',
        url: apisPaths.parameters(endpoint.id),
        payload: [{ keyName: 'id', parameterType: 'path', description: 'Which hoot (edited)' }],
        headers: auth,
      }),
    );
    const hoot = await hootSchema(apiId);
    await expectDone(
      app.server.inject({
        method: 'PUT',
        url: apisPaths.schema(apiId, 'Hoot'),
        payload: {
          configProperties: hoot?.configProperties.map((p) =>
            // the document changes post's description, not replyto's length
            p.jsonKey === 'post' ? { ...p, description: 'The hoot (edited)' } : { ...p, maxLength: 36 },
          ),
        },
        headers: auth,
      }),
    );

    const expected = [
      { place: 'GET /hoot/{id}', part: 'path id', field: 'description' },
      { place: 'schema Hoot', part: 'property post', field: 'description' },
    ];
    expect((await reimport(apiId, described, true)).keptEdits).toEqual(expected);
    expect((await reimport(apiId, described)).keptEdits).toEqual(expected);
    expect((await getHoot(apiId)).parameterConfigList[0].description).toBe('Which hoot (edited)');
    const post = (await hootSchema(apiId))?.configProperties.find((p) => p.jsonKey === 'post');
    expect(post?.description).toBe('The hoot (edited)');
    // the same document again changes nothing: no edit is kept over a change
    expect((await reimport(apiId, described, true)).keptEdits).toEqual([]);
  });

  async function removeByHand(apiId: number) {
    const endpoint = await getHoot(apiId);
    await expectDone(
      app.server.inject({
        method: 'POST',
        url: apisPaths.parameters(endpoint.id),
        // the form sends every row it keeps, as it shows it
        payload: [
          { keyName: 'id', parameterType: 'path', description: endpoint.parameterConfigList[0].description },
        ],
        headers: auth,
      }),
    );
    const notFound = endpoint.responseConfigList.find((r) => r.responseCode === '404');
    await expectDone(
      app.server.inject({
        method: 'DELETE',
        url: designPaths.response(apiId, endpoint.id, notFound?.id as number),
        headers: auth,
      }),
    );
    const hoot = await hootSchema(apiId);
    await expectDone(
      app.server.inject({
        method: 'PUT',
        url: apisPaths.schema(apiId, 'Hoot'),
        payload: { configProperties: hoot?.configProperties.filter((p) => p.jsonKey !== 'replyto') },
        headers: auth,
      }),
    );
  }
  async function expectRemoved(apiId: number) {
    const endpoint = await getHoot(apiId);
    expect(endpoint.parameterConfigList.map((p) => p.keyName)).toEqual(['id']);
    expect(endpoint.responseConfigList.map((r) => r.responseCode)).toEqual(['200']);
    expect((await hootSchema(apiId))?.configProperties.map((p) => p.jsonKey)).toEqual(['post']);
    const document = await exported(apiId);
    const operation = document.paths['/hoot/{id}'].get;
    expect(operation.parameters.map((p) => p.name)).toEqual(['id']);
    expect(Object.keys(operation.responses)).toEqual(['200']);
    expect(Object.keys(document.components.schemas.Hoot.properties)).toEqual(['post']);
  }

  it('keeps out what was removed by hand while the document brings it unchanged, and brings it back once changed', async () => {
    const apiId = await imported(withFields(v1));
    await removeByHand(apiId);

    const unchanged = await reimport(apiId, withFields(v2), true);
    expect(unchanged.summary.endpoints.changed).toEqual([]);
    expect(unchanged.summary.schemas.changed).toEqual([]);
    await reimport(apiId, withFields(v2));
    await expectRemoved(apiId);
    // the document applied is the next baseline, what was removed in it: they stay removed
    await reimport(apiId, withFields(v2));
    await expectRemoved(apiId);

    // the document changes each of them: a three-way merge takes the change made on one side
    const changed = withFields(v2, (document) => {
      const operation = document.paths['/hoot/{id}'].get;
      (operation.parameters[1] as { description: string }).description = 'The fields, comma-separated';
      operation.responses['404'].description = 'No such hoot';
      document.components.schemas.Hoot.properties.replyto.description = 'The hoot replied to';
    });

    const dry = await reimport(apiId, changed, true);
    expect(
      dry.summary.endpoints.changed.map((e) => [e.apiEndPoint, e.parameters.added, e.responses.added]),
    ).toEqual([['/hoot/{id}', ['query fields'], ['404']]]);
    expect(dry.summary.schemas.changed).toEqual(['Hoot']);
    await reimport(apiId, changed);
    const endpoint = await getHoot(apiId);
    expect(endpoint.parameterConfigList.map((p) => [p.keyName, p.description])).toEqual([
      ['id', 'The id of the hoot you want'],
      ['fields', 'The fields, comma-separated'],
    ]);
    expect(endpoint.responseConfigList.map((r) => [r.responseCode, r.responseDescription])).toEqual([
      ['200', 'successful operation'],
      ['404', 'No such hoot'],
    ]);
    expect((await hootSchema(apiId))?.configProperties.map((p) => p.jsonKey)).toEqual(['post', 'replyto']);
  });
});
