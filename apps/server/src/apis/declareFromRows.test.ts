import type { ApiMaster, ApiMasterDetail } from '@sandbox/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { type Call, designPetShop, whatUsersSee } from '../../test/support/designedApi.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import type { TestApp } from '../../test/support/testApp.js';
import { onAnOlderDatabase } from '../../test/support/upgrade.js';
import * as declaredModels from '../db/migrations/022_declared_models.js';
import * as answersFromModel from '../db/migrations/025_answers_from_model.js';
import { declareFromRows } from './declareFromRows.js';
import { moveAnswersIntoModel } from './moveAnswersIntoModel.js';

/** What an older release left in a column of the model it did not fill (the types say it is never so). */
const NULL = sql<string>`null`;

// Migration 022 on a database an older release made: APIs it kept as rows alone (one designed in the
// product, one imported before operations were kept) are given their declared operations and schemas,
// and answer, export and show in the screens as they did with the model their rows were made from
// (this release reads no API without its model, so that is the before it can see).

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

describe.each(dialects)('APIs an older release kept as rows alone, on %s', (dialect) => {
  let older: TestApp;
  let auth: { authorization: string };
  const { upgrade } = onAnOlderDatabase(dialect, (app, user) => {
    older = app;
    auth = user;
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
      .set({ operation: NULL })
      .where('api_master_id', '=', id)
      .execute();
    await older.db.kysely
      .updateTable('api_masters')
      .set({ declared_schemas: NULL })
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
    const before = {
      designed: await whatUsersSee(older, d, designed),
      petstore: await whatUsersSee(older, d, petstore, PETSTORE_CALLS),
      screens: [await screensOf(d, designed.id), await screensOf(d, petstoreId)],
    };
    for (const api of [designed, petstore, empty]) await asKeptByOlderRelease(api.id);
    // migration 022 on what the older release kept, and the later one that reads it (the others are
    // applied already: the migrator would refuse to run an earlier one after them)
    const deps = { declareFromRows, moveAnswersIntoModel };
    await declaredModels.up(older.db.kysely as Kysely<unknown>, older.db.dialect, deps);
    await answersFromModel.up(older.db.kysely as Kysely<unknown>, older.db.dialect, deps);
    const current = await upgrade();
    // the calls again on the records they started from: none
    await current.db.kysely.deleteFrom('sandbox_records').execute();
    await current.db.kysely.deleteFrom('sandbox_collections').execute();
    const now = designer(current, auth);
    const after = {
      designed: await whatUsersSee(current, now, designed),
      petstore: await whatUsersSee(current, now, petstore, PETSTORE_CALLS),
      screens: [await screensOf(now, designed.id), await screensOf(now, petstoreId)],
    };
    // the designed API's rows say what its model said: it answers, shows and exports as it did, but
    // for the media type its rows give a response without a body
    expect(after.screens[0]).toEqual(before.screens[0]);
    expect(after.designed.answers).toEqual(before.designed.answers);
    expect(after.designed.lab).toEqual(before.designed.lab);
    const removed = after.designed.document.paths['/pets/{petId}'].delete.responses['204'];
    expect(removed.content).toEqual({ 'application/json': {} });
    delete removed.content;
    expect(after.designed.document).toEqual(before.designed.document);
    // the petstore's rows keep less than its document (no property order, not every keyword): its
    // model written from them answers every call as the document does, with values drawn anew
    const status = (answers: string[]) => answers.map((a) => a.slice(0, a.indexOf(';')));
    expect(status(after.petstore.answers)).toEqual(status(before.petstore.answers));
    const operations = (document: { paths: Record<string, object> }) =>
      Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item)]);
    expect(operations(after.petstore.document)).toEqual(operations(before.petstore.document));
    expect((await new Validator().validate(structuredClone(after.petstore.document))).valid).toBe(true);
    expect(after.screens[1]).toEqual(before.screens[1]);

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
