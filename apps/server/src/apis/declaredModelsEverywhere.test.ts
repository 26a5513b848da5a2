import type { ApiMaster } from '@sandbox/contracts';
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
import type { App } from '../app.js';
import * as declaredModelsEverywhere from '../db/migrations/024_declared_models_everywhere.js';
import * as answersFromModel from '../db/migrations/025_answers_from_model.js';
import { declareFromRows } from './declareFromRows.js';
import { moveAnswersIntoModel } from './moveAnswersIntoModel.js';

/** What an older release left in a column of the model it did not fill (the types say it is never so). */
const NULL = sql<string>`null`;

// Migration 024 on a database the previous release made: what it still kept without a declared
// model (an API imported from a document naming no schemas, one imported after operations were kept
// and before schemas were, an endpoint without its operation) is given one from its rows, and answers,
// exports and starts the Lab as it did with its whole model; what had a model keeps it.

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
  let auth: { authorization: string };
  const { upgrade } = onAnOlderDatabase(dialect, (app, user) => {
    older = app;
    auth = user;
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
    older.db.kysely.updateTable('api_masters').set({ declared_schemas: NULL }).where('id', '=', id).execute();

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
    const petstore = await deployed(petstoreYaml, 'petstore.yaml');
    const designed = await designPetShop(d);
    const untouched = await deployed(petstoreYaml, 'petstore.yaml');
    const before = {
      toys: await whatUsersSee(older, d, toys, TOYS_CALLS),
      petstore: await whatUsersSee(older, d, petstore, PETSTORE_CALLS),
      designed: await whatUsersSee(older, d, designed),
      untouched: {
        ...(await whatUsersSee(older, d, untouched, PETSTORE_CALLS)),
        ...(await modelOf(older.db, untouched.id)),
      },
    };
    // what the previous release kept of them
    await withoutDeclaredSchemas(toys.id);
    await withoutDeclaredSchemas(petstore.id);
    const [bare] = designed.apiConfigList;
    await older.db.kysely
      .updateTable('endpoints')
      .set({ operation: NULL })
      .where('id', '=', bare?.id as number)
      .execute();

    // migrations 024 and 025 on what the previous release kept (the others are applied already)
    const deps = { declareFromRows, moveAnswersIntoModel };
    await declaredModelsEverywhere.up(older.db.kysely as Kysely<unknown>, older.db.dialect, deps);
    await answersFromModel.up(older.db.kysely as Kysely<unknown>, older.db.dialect, deps);
    const current = await upgrade();
    await current.db.kysely.deleteFrom('sandbox_records').execute();
    await current.db.kysely.deleteFrom('sandbox_collections').execute();
    const now = designer(current, auth);
    const after = {
      toys: await whatUsersSee(current, now, toys, TOYS_CALLS),
      petstore: await whatUsersSee(current, now, petstore, PETSTORE_CALLS),
      designed: await whatUsersSee(current, now, designed),
      untouched: {
        ...(await whatUsersSee(current, now, untouched, PETSTORE_CALLS)),
        ...(await modelOf(current.db, untouched.id)),
      },
    };

    expect(after.toys).toEqual(before.toys);
    expect(after.untouched).toEqual(before.untouched);
    expect(after.designed).toEqual(before.designed);
    // the petstore without its document's schemas answered from its catalog's, which its model now
    // declares (the catalog keeps no property order nor every keyword): each call is answered as the
    // document says, and the export declares every schema its operations refer to
    const status = (answers: string[]) => answers.map((a) => a.slice(0, a.indexOf(';')));
    expect(status(after.petstore.answers)).toEqual(status(before.petstore.answers));
    expect(after.petstore.document.paths).toEqual(before.petstore.document.paths);
    expect((await new Validator().validate(structuredClone(after.petstore.document))).valid).toBe(true);
    expect(Object.keys(after.petstore.document.components.schemas).sort()).toEqual(
      Object.keys(before.petstore.document.components.schemas).sort(),
    );
    for (const api of [toys, petstore, designed]) {
      const model = await modelOf(current.db, api.id);
      expect(model.schemas).not.toBeNull();
      expect(model.operations).not.toContain(null);
    }
  });
});
