import type { ApiMaster, ApiMasterDetail } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { type Call, designPetShop, whatUsersSee } from '../../test/support/designedApi.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { type App, buildApp } from '../app.js';
import * as declaredModels from '../db/migrations/022_declared_models.js';
import * as answersFromModel from '../db/migrations/024_answers_from_model.js';
import { declareFromRows } from './declareFromRows.js';
import { moveAnswersIntoModel } from './moveAnswersIntoModel.js';

// Migration 022 on a database an older release made: APIs it kept as rows alone (one designed in the
// product, one imported before operations were kept) are given their declared operations and schemas,
// and export and show in the screens as before, now from their model; they answer as they did when
// they were designed and imported (the sandbox reads no rows: an API kept as rows alone answers only
// once migrated).

const PETSTORE_CALLS: Call[] = [
  {
    method: 'GET',
    url: '/pets?limit=2',
    headers: { 'x-request-id': '3f2a8c4e-1b7d-4e8a-9c6f-2d5b7e9a1c3f' },
  },
  { method: 'GET', url: '/pets' },
  { method: 'POST', url: '/pets', body: { name: 'Rex' } },
  { method: 'POST', url: '/pets', body: { tag: 7 } },
  { method: 'GET', url: '/pets/1' },
  { method: 'GET', url: '/pets/1', headers: { prefer: 'dynamic=true' } },
  { method: 'DELETE', url: '/pets/1' },
  { method: 'GET', url: '/owners' },
];

/** An answer's status, type and the fields of its body (each value its type): what the model decides. */
function shapeOf(answer: string): string {
  const at = answer.search(/ [[{"]/);
  if (at < 0) return answer;
  const skeleton = (value: unknown): unknown => {
    if (Array.isArray(value)) return [...new Set(value.map((v) => JSON.stringify(skeleton(v))))].sort();
    if (typeof value !== 'object' || value === null) return typeof value;
    const fields = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(fields.map(([key, v]) => [key, skeleton(v)]));
  };
  return `${answer.slice(0, at)} ${JSON.stringify(skeleton(JSON.parse(answer.slice(at + 1))))}`;
}

describe.each(dialects)('APIs an older release kept as rows alone, on %s', (dialect) => {
  let older: TestApp;
  let current: App;
  let auth: { authorization: string };
  beforeAll(async () => {
    older = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(older));
  });
  afterAll(async () => {
    await current?.server.close();
    await older.close();
  });

  /**
   * The API as the screens show it: its detail and each endpoint's, but for the Lab's start, which is
   * the model's (whatUsersSee shows it).
   */
  async function screensOf(d: ReturnType<typeof designer>, id: number) {
    const { updatedAt: _, ...detail }: ApiMasterDetail = await d.expectStatus(
      200,
      'GET',
      `/api/api-config-master/${id}`,
    );
    const endpoints = [];
    for (const e of detail.apiConfigList) {
      const {
        requestBodyTemplate: _t,
        requestContentType: _c,
        labCredentials: _l,
        ...shown
      } = await d.endpoint(id, e.id);
      endpoints.push(shown);
    }
    return { detail, endpoints };
  }

  /** What the older release kept of an API: its rows, no declared operations or schemas. */
  async function asKeptByOlderRelease(id: number) {
    await older.db.kysely
      .updateTable('endpoints')
      .set({ operation: null })
      .where('api_master_id', '=', id)
      .execute();
    await older.db.kysely
      .updateTable('api_masters')
      .set({ declared_schemas: null })
      .where('id', '=', id)
      .execute();
  }

  it('answers, exports and shows each API as before once migrated', async () => {
    const d = designer(older, auth);
    const designed = await designPetShop(d);
    const imported = await importApi(older, auth, petstoreYaml);
    expect(imported.statusCode).toBe(201);
    const petstoreId: number = imported.json().id;
    await d.expectStatus(200, 'PUT', `/api/api-config-master/${petstoreId}/answer-seed`, { seed: 7 });
    const petstore: ApiMaster = await d.expectStatus(200, 'GET', `/api/api-publish/${petstoreId}/publish`);
    const empty = await d.emptyApi('Started empty');
    // as the APIs answer and start the Lab once designed and imported
    const answered = {
      designed: await whatUsersSee(older, d, designed),
      petstore: await whatUsersSee(older, d, petstore, PETSTORE_CALLS),
    };
    for (const api of [designed, petstore, empty]) await asKeptByOlderRelease(api.id);
    const before = {
      designed: await whatUsersSee(older, d, designed),
      petstore: await whatUsersSee(older, d, petstore, PETSTORE_CALLS),
      screens: [await screensOf(d, designed.id), await screensOf(d, petstoreId)],
    };
    // migration 022 on what the older release kept, and the later one that reads it (the others are
    // applied already: the migrator would refuse to run an earlier one after them)
    const deps = { declareFromRows, moveAnswersIntoModel };
    await declaredModels.up(older.db.kysely as Kysely<unknown>, older.db.dialect, deps);
    await answersFromModel.up(older.db.kysely as Kysely<unknown>, older.db.dialect, deps);
    await older.server.close();
    current = await buildApp(older.config);
    // the calls again on the records they started from: none
    await current.db.kysely.deleteFrom('sandbox_records').execute();
    await current.db.kysely.deleteFrom('sandbox_collections').execute();
    const now = designer(current, auth);
    const after = {
      designed: await whatUsersSee(current, now, designed),
      petstore: await whatUsersSee(current, now, petstore, PETSTORE_CALLS),
      screens: [await screensOf(now, designed.id), await screensOf(now, petstoreId)],
    };
    expect(after.screens).toEqual(before.screens);
    expect(after.designed.document).toEqual(before.designed.document);
    expect(after.petstore.document).toEqual(before.petstore.document);
    expect(after.designed.lab).toEqual(answered.designed.lab);
    expect(after.designed.answers).toEqual(answered.designed.answers);
    // the imported API's model is now its rows' (as its export shows): it answers the same calls with
    // the same codes, types and fields, its values drawn from that model
    expect(after.petstore.answers.map(shapeOf)).toEqual(answered.petstore.answers.map(shapeOf));
    // the imported API's model is now its rows' (as its export shows): the Lab starts with a body of
    // the same fields, drawn from that model
    const started = (lab: typeof after.petstore.lab) =>
      lab.map((l) => [l.requestContentType, Object.keys(l.requestBodyTemplate ?? {}).sort()]);
    expect(started(after.petstore.lab)).toEqual(started(answered.petstore.lab));

    const kept = await current.db.kysely
      .selectFrom('endpoints')
      .select('operation')
      .where('api_master_id', 'in', [designed.id, petstoreId])
      .execute();
    expect(kept.every((e) => e.operation !== null)).toBe(true);
    // an endpoint added to an API started empty by the older release is answered from its model too
    const added = await now.addEndpoint(empty.id, 'GET', '/things');
    const row = await current.db.kysely
      .selectFrom('endpoints')
      .select('operation')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(row.operation).not.toBeNull();
  });
});
