import { type ApiMaster, type DeclaredOperation, reimportPaths } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/support/catalog.js';
import { designer, sandboxOf } from '../../test/support/design.js';
import { designPetShop } from '../../test/support/designedApi.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import type { TestApp } from '../../test/support/testApp.js';
import { onAnOlderDatabase } from '../../test/support/upgrade.js';
import * as answersFromModel from '../db/migrations/025_answers_from_model.js';
import { declareFromRows } from './declareFromRows.js';
import { moveAnswersIntoModel } from './moveAnswersIntoModel.js';

// The sandbox answers from an API's model alone. A path parameter mapped to a record field in the
// Params form finds records by that field; migration 025 moves into the model what an older release
// kept in the rows alone (such a mapping, a response added to the rows alone), so the API answers
// as it did.

type Designer = ReturnType<typeof designer>;

/** The pet shop with GET /pets/{petId} finding pets by their name (a text), as the Params form maps it. */
async function mapPetIdToName(d: Designer, api: ApiMaster) {
  const one = api.apiConfigList.find((e) => e.methodType === 'GET' && e.apiEndPoint === '/pets/{petId}');
  const detail = await d.endpoint(api.id, one?.id as number);
  const fields: Record<string, number> = await d.expectStatus(
    200,
    'GET',
    `/api/api-config/${api.id}/map-params/${detail.id}`,
  );
  await d.expectStatus(200, 'POST', `/api/parameter-config/${detail.id}`, [
    { ...detail.parameterConfigList[0], dataType: 'string', configParameterId: fields.name },
  ]);
  return detail.id;
}

describe.each(dialects)('answers from the model alone, on %s', (dialect) => {
  let older: TestApp;
  let auth: { authorization: string };
  const { upgrade } = onAnOlderDatabase(dialect, (app, user) => {
    older = app;
    auth = user;
  });

  it('finds a record by the field its path parameter is mapped to in the Params form', async () => {
    const d = designer(older, auth);
    const api = await designPetShop(d, 'Mapped in the Params form');
    await mapPetIdToName(d, api);
    const sandbox = sandboxOf(older, api);
    expect((await sandbox('POST', '/pets', { name: 'Rex' })).statusCode).toBe(201);
    const found = await sandbox('GET', '/pets/Rex');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ name: 'Rex' });
    expect((await sandbox('GET', '/pets/Felix')).statusCode).toBe(404);
    // the export says so, and importing it brings the mapping back
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    expect(document.paths['/pets/{petId}'].get.parameters[0]['x-sandbox-record-field']).toBe('name');
  });

  it('keeps the mapping, in the Params form and the sandbox, when another endpoint is deleted', async () => {
    const d = designer(older, auth);
    const api = await designPetShop(d, 'Mapped, then another endpoint deleted');
    const mapped = await mapPetIdToName(d, api);
    const list = api.apiConfigList.find((e) => e.methodType === 'GET' && e.apiEndPoint === '/pets');
    await d.expectStatus(200, 'DELETE', `/api/api-config/${api.id}/${list?.id}`);
    const detail = await d.endpoint(api.id, mapped);
    expect(detail.parameterConfigList[0]?.configParameterId).not.toBeNull();
    const sandbox = sandboxOf(older, api);
    expect((await sandbox('POST', '/pets', { name: 'Rex' })).statusCode).toBe(201);
    expect((await sandbox('GET', '/pets/Rex')).statusCode).toBe(200);
  });

  it('keeps finding records by the mapped field after a re-import of a document without the mapping', async () => {
    const d = designer(older, auth);
    const api = await designPetShop(d, 'Mapped, then updated from a file');
    await mapPetIdToName(d, api);
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    // the team's own document, as they keep it: it does not say how the sandbox finds a pet
    for (const parameter of document.paths['/pets/{petId}'].get.parameters)
      delete parameter['x-sandbox-record-field'];
    const { payload, headers } = await multipartBody(
      {},
      { name: 'pets.json', content: JSON.stringify(document) },
    );
    const updated = await older.server.inject({
      method: 'POST',
      url: reimportPaths.upload(api.id),
      payload,
      headers: { ...headers, ...auth },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const sandbox = sandboxOf(older, api);
    expect((await sandbox('POST', '/pets', { name: 'Rex' })).statusCode).toBe(201);
    expect((await sandbox('GET', '/pets/Rex')).statusCode).toBe(200);
  });

  it('answers as before once migration 025 moves what an older release kept in its rows', async () => {
    const d = designer(older, auth);
    const api = await designPetShop(d, 'Kept by an older release');
    const one = await mapPetIdToName(d, api);
    // what the older release kept: the mapping in the rows alone, and a response added to them alone
    const db = older.db.kysely;
    const row = await db.selectFrom('endpoints').select('operation').where('id', '=', one).executeTakeFirst();
    const operation = JSON.parse(row?.operation as string) as DeclaredOperation;
    for (const parameter of operation.parameters) delete parameter['x-sandbox-record-field'];
    await db
      .updateTable('endpoints')
      .set({ operation: JSON.stringify(operation) })
      .where('id', '=', one)
      .execute();
    await db
      .insertInto('endpoint_responses')
      .values({
        endpoint_id: one,
        code: '418',
        description: 'A teapot',
        schema_name: null,
        content_type: 'application/json',
        example: JSON.stringify({ teapot: true }),
      })
      .execute();

    await answersFromModel.up(db as Kysely<unknown>, older.db.dialect, {
      declareFromRows,
      moveAnswersIntoModel,
    });
    // a fresh instance: nothing compiled before the migration
    const current = await upgrade();
    const sandbox = sandboxOf(current as unknown as TestApp, api);
    expect((await sandbox('POST', '/pets', { name: 'Tom' })).statusCode).toBe(201);
    const found = await sandbox('GET', '/pets/Tom');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ name: 'Tom' });
    const teapot = await current.server.inject({
      method: 'GET',
      url: `${new URL(api.apiBaseUrl as string).pathname}/pets/Tom`,
      headers: { prefer: 'code=418' },
    });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ teapot: true });
  });
});
