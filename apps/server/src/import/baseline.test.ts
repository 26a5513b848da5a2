import { readFileSync } from 'node:fs';
import {
  type ApiMasterDetail,
  apisPaths,
  type EndpointDetail,
  type ReimportAnswer,
  reimportPaths,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi, multipartBody } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { parseBaseline } from './baseline.js';

// A re-import tells what a user set by hand from what the last import brought: Hoot v1, then v2 with
// three descriptions rewritten (test-fixtures/reimport/README.md).
const fixture = (name: string) =>
  readFileSync(new URL(`../../test-fixtures/reimport/${name}`, import.meta.url), 'utf8');
const v1 = fixture('hoot-v1.json');
const v2 = fixture('hoot-v2.json');
const described = fixture('hoot-v2-described.json');
const hootFields = { apiName: 'Hoot', apiDescription: 'Hoots', apiVersion: '1.0', isAuthRequired: 'false' };

describe.each(dialects)('re-importing what the document changed since the last import on %s', (dialect) => {
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
  async function getHoot(apiId: number) {
    const id = (await detail(apiId)).apiConfigList.find(
      (e) => e.methodType === 'GET' && e.apiEndPoint === '/hoot/{id}',
    )?.id as number;
    const res = await app.server.inject({ url: apisPaths.endpoint(apiId, id), headers: auth });
    return res.json() as EndpointDetail;
  }
  const postDescription = async (apiId: number) =>
    (await detail(apiId)).schemaMasterList
      .find((s) => s.schemaName === 'Hoot')
      ?.configProperties.find((p) => p.jsonKey === 'post')?.description;
  const responses = async (apiId: number) =>
    (await getHoot(apiId)).responseConfigList.map((r) => [r.responseCode, r.responseDescription]);

  async function editByHand(apiId: number) {
    const endpoint = await getHoot(apiId);
    const params = await app.server.inject({
      method: 'POST',
      url: apisPaths.parameters(endpoint.id),
      payload: [{ keyName: 'id', parameterType: 'path', description: 'Which hoot (edited)' }],
      headers: auth,
    });
    expect(params.statusCode, params.body).toBe(200);
    const response = await app.server.inject({
      method: 'POST',
      url: apisPaths.createResponse(apiId, endpoint.id),
      payload: { statusCode: '429', description: 'Too many hoots' },
      headers: auth,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  it('brings the descriptions the document changed, keeps those edited by hand and an added response', async () => {
    const apiId = await imported(v1);
    await editByHand(apiId);

    const dry = await reimport(apiId, described, true);
    // the hand-added response is not one the document removes
    expect(dry.summary.endpoints.changed).toEqual([]);
    await reimport(apiId, described);

    expect(await postDescription(apiId)).toBe('What the hoot says, at most 280 characters');
    const endpoint = await getHoot(apiId);
    expect(endpoint.parameterConfigList.find((p) => p.keyName === 'id')?.description).toBe(
      'Which hoot (edited)',
    );
    expect(await responses(apiId)).toEqual([
      ['200', 'The hoot asked for'],
      ['404', 'hoot not found'],
      ['429', 'Too many hoots'],
    ]);
    // the exported document says the same
    const exported = (await app.server.inject({ url: apisPaths.openapi(apiId), headers: auth })).json();
    const operation = exported.paths['/hoot/{id}'].get;
    expect(operation.responses['429'].description).toBe('Too many hoots');
    expect(operation.responses['200'].description).toBe('The hoot asked for');
    expect(operation.parameters[0].description).toBe('Which hoot (edited)');
    expect(exported.components.schemas.Hoot.properties.post.description).toBe(
      'What the hoot says, at most 280 characters',
    );

    // the applied document is the new baseline: going back to v2 brings its descriptions back
    await reimport(apiId, v2);
    expect(await postDescription(apiId)).toBe('The under-280-character content you want to hoot');
    expect(await responses(apiId)).toEqual([
      ['200', 'successful operation'],
      ['404', 'hoot not found'],
      ['429', 'Too many hoots'],
    ]);
    expect((await getHoot(apiId)).parameterConfigList[0].description).toBe('Which hoot (edited)');
  });

  it('gives the document the last word on a response added by hand that it now has too', async () => {
    const apiId = await imported(v1);
    await editByHand(apiId);
    // v2 with a 429 response of its own on GET /hoot/{id}
    const limited = v2.replace(
      '"description": "hoot not found"\n          }',
      '"description": "hoot not found"\n          },\n          "429": { "description": "Slow down" }',
    );
    const dry = await reimport(apiId, limited, true);
    expect(dry.summary.endpoints.changed.map((e) => [e.apiEndPoint, e.responses])).toEqual([
      ['/hoot/{id}', { added: [], removed: [], changed: ['429'] }],
    ]);
    await reimport(apiId, limited);
    expect(await responses(apiId)).toEqual([
      ['200', 'successful operation'],
      ['404', 'hoot not found'],
      ['429', 'Slow down'],
    ]);
  });

  it('tells hand edits by a baseline stored as plain JSON, as baselines were before they were compressed', async () => {
    const apiId = await imported(v1);
    await editByHand(apiId);
    const { import_baseline } = await app.db.kysely
      .selectFrom('api_masters')
      .select('import_baseline')
      .where('id', '=', apiId)
      .executeTakeFirstOrThrow();
    await app.db.kysely
      .updateTable('api_masters')
      .set({ import_baseline: JSON.stringify(await parseBaseline(import_baseline)) })
      .where('id', '=', apiId)
      .execute();

    await reimport(apiId, described);
    expect(await postDescription(apiId)).toBe('What the hoot says, at most 280 characters');
    expect((await getHoot(apiId)).parameterConfigList[0].description).toBe('Which hoot (edited)');
    expect(await responses(apiId)).toEqual([
      ['200', 'The hoot asked for'],
      ['404', 'hoot not found'],
      ['429', 'Too many hoots'],
    ]);
  });

  it('keeps every stored value of an API imported before baselines were kept', async () => {
    const apiId = await imported(v1);
    await editByHand(apiId);
    // as an API imported before the baseline was stored has it
    await app.db.kysely
      .updateTable('api_masters')
      .set({ import_baseline: null })
      .where('id', '=', apiId)
      .execute();

    await reimport(apiId, described);
    expect(await postDescription(apiId)).toBe('The under-280-character content you want to hoot');
    expect((await getHoot(apiId)).parameterConfigList[0].description).toBe('Which hoot (edited)');
    // without a baseline a response carries no sign of being added by hand, and goes
    expect(await responses(apiId)).toEqual([
      ['200', 'successful operation'],
      ['404', 'hoot not found'],
    ]);
  });
});
