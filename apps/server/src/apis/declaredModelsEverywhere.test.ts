import type { ApiMaster } from '@sandbox/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { type Call, designPetShop, PET_SHOP_CALLS, whatUsersSee } from '../../test/support/designedApi.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { type App, buildApp } from '../app.js';
import * as declaredModelsEverywhere from '../db/migrations/024_declared_models_everywhere.js';
import { declareFromRows } from './declareFromRows.js';

// Migration 024 on a database the previous release made: what it still kept without a declared
// model (an API imported from a document naming no schemas, one imported after operations were kept
// and before schemas were, an endpoint without its operation) is given one from its rows, and answers
// as before; what had a model keeps it.

const PETSTORE_CALLS: Call[] = [
  { method: 'GET', url: '/pets', headers: { 'x-request-id': '3f2a8c4e-1b7d-4e8a-9c6f-2d5b7e9a1c3f' } },
  { method: 'POST', url: '/pets', body: { name: 'Rex' } },
  { method: 'POST', url: '/pets', body: { tag: 7 } },
  { method: 'GET', url: '/pets/1', headers: { prefer: 'dynamic=true' } },
];

const TOYS_CALLS: Call[] = [
  { method: 'GET', url: '/toys' },
  { method: 'GET', url: '/toys?limit=x' },
];

/** A document that names no schemas: its bodies' schemas are written where they are used. */
const toysDocument = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Toys', version: '1.0' },
  paths: {
    '/toys': {
      get: {
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'The toys',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: { type: 'object', properties: { label: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
  },
});

describe.each(dialects)('APIs the previous release kept without their whole model, on %s', (dialect) => {
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

  async function deployed(document: string, fileName: string): Promise<ApiMaster> {
    const imported = await importApi(older, auth, document, fileName);
    expect(imported.statusCode, imported.body).toBe(201);
    const d = designer(older, auth);
    const { id } = imported.json();
    await d.expectStatus(200, 'PUT', `/api/api-config-master/${id}/answer-seed`, { seed: 7 });
    return d.expectStatus(200, 'GET', `/api/api-publish/${id}/publish`);
  }

  const withoutDeclaredSchemas = (id: number) =>
    older.db.kysely.updateTable('api_masters').set({ declared_schemas: null }).where('id', '=', id).execute();

  const modelOf = async (db: App['db'], id: number) => ({
    schemas: (
      await db.kysely
        .selectFrom('api_masters')
        .select('declared_schemas')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).declared_schemas,
    operations: (
      await db.kysely
        .selectFrom('endpoints')
        .select('operation')
        .where('api_master_id', '=', id)
        .orderBy('position')
        .execute()
    ).map((e) => e.operation),
  });

  it('answers, exports and starts the Lab as before once migrated', async () => {
    const d = designer(older, auth);
    const toys = await deployed(toysDocument, 'toys.json');
    await withoutDeclaredSchemas(toys.id);
    const petstore = await deployed(petstoreYaml, 'petstore.yaml');
    await withoutDeclaredSchemas(petstore.id);
    const designed = await designPetShop(d);
    const [bare] = designed.apiConfigList;
    await older.db.kysely
      .updateTable('endpoints')
      .set({ operation: null })
      .where('id', '=', bare?.id as number)
      .execute();
    const untouched = await deployed(petstoreYaml, 'petstore.yaml');
    const twin = await designPetShop(d, 'Pet shop twin');
    const before = {
      toys: await whatUsersSee(older, d, toys, TOYS_CALLS),
      petstore: await whatUsersSee(older, d, petstore, PETSTORE_CALLS),
      designed: await whatUsersSee(older, d, designed),
      untouched: {
        ...(await whatUsersSee(older, d, untouched, PETSTORE_CALLS)),
        ...(await modelOf(older.db, untouched.id)),
      },
    };

    // migration 024 on what the previous release kept (it runs after every other: nothing to undo)
    await declaredModelsEverywhere.up(older.db.kysely as Kysely<unknown>, older.db.dialect, {
      declareFromRows,
    });
    await older.server.close();
    current = await buildApp(older.config);
    await current.db.kysely.deleteFrom('sandbox_records').execute();
    await current.db.kysely.deleteFrom('sandbox_collections').execute();
    const now = designer(current, auth);
    const after = {
      toys: await whatUsersSee(current, now, toys, TOYS_CALLS),
      petstore: await whatUsersSee(current, now, petstore, PETSTORE_CALLS),
      designed: await whatUsersSee(current, now, designed),
      twin: await whatUsersSee(current, now, twin),
      untouched: {
        ...(await whatUsersSee(current, now, untouched, PETSTORE_CALLS)),
        ...(await modelOf(current.db, untouched.id)),
      },
    };

    expect(after.toys).toEqual(before.toys);
    // the designed API was exported from its rows while one endpoint had no operation, and that
    // endpoint answered JSON whatever the client accepted; now it is exported and answered from its
    // model, as the same API designed without losing an operation is
    const { info: _, ...exported } = after.designed.document;
    const { info: __, ...exportedTwin } = after.twin.document;
    expect(exported).toEqual(exportedTwin);
    expect(after.designed.lab).toEqual(before.designed.lab);
    const xml = PET_SHOP_CALLS.findIndex((call) => call.headers?.accept === 'application/xml');
    expect(before.designed.answers[xml]).toMatch(/^GET \/pets: 200 application\/json/);
    expect(after.designed.answers[xml]).toMatch(/^GET \/pets: 406 /);
    const others = (answers: string[]) => answers.filter((_, i) => i !== xml);
    expect(others(after.designed.answers)).toEqual(others(before.designed.answers));
    expect(after.untouched).toEqual(before.untouched);
    // the petstore answered from its catalog's schemas, which are its declared schemas now; its export
    // named none of the schemas its operations refer to, and now declares every one
    expect(after.petstore.answers).toEqual(before.petstore.answers);
    expect(after.petstore.lab).toEqual(before.petstore.lab);
    expect(before.petstore.document.components.schemas).toEqual({});
    expect((await new Validator().validate(structuredClone(after.petstore.document))).valid).toBe(true);
    expect(Object.keys(after.petstore.document.components.schemas)).toEqual(
      expect.arrayContaining(['Pet', 'NewPet']),
    );
    for (const api of [toys, petstore, designed]) {
      const model = await modelOf(current.db, api.id);
      expect(model.schemas).not.toBeNull();
      expect(model.operations).not.toContain(null);
    }
  });
});
