import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import type { TestApp } from '../../test/support/testApp.js';
import { onAnOlderDatabase } from '../../test/support/upgrade.js';
import * as escapedSchemaRefs from './migrations/026_escaped_schema_refs.js';

// An older release wrote a reference to a schema named `pets/Pet` unescaped
// (`#/components/schemas/pets/Pet`); migration 026 writes it as the pointer the model now reads.

/** A document whose one operation answers with a schema named with a slash. */
const petsDocument = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'A pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/pets~1Pet' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      'pets/Pet': {
        type: 'object',
        required: ['name', 'owner'],
        properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/pets~1Owner' } },
      },
      'pets/Owner': { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
    },
  },
});

describe.each(dialects)('references to schemas named with a slash, on %s', (dialect) => {
  let older: TestApp;
  let auth: { authorization: string };
  const { upgrade } = onAnOlderDatabase(dialect, (app, user) => {
    older = app;
    auth = user;
  });

  it('answers with the schema once migration 026 escapes what an older release wrote unescaped', async () => {
    const { api, base } = await deploy(older, auth, petsDocument);
    const db = older.db.kysely;
    const asOlderReleaseWrote = (text: string) => text.replaceAll('schemas/pets~1', 'schemas/pets/');
    const endpoint = await db
      .selectFrom('endpoints')
      .select(['id', 'operation'])
      .where('api_master_id', '=', api.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('endpoints')
      .set({ operation: asOlderReleaseWrote(endpoint.operation) })
      .where('id', '=', endpoint.id)
      .execute();
    const model = await db
      .selectFrom('api_masters')
      .select('declared_schemas')
      .where('id', '=', api.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('api_masters')
      .set({ declared_schemas: asOlderReleaseWrote(model.declared_schemas) })
      .where('id', '=', api.id)
      .execute();
    expect(asOlderReleaseWrote(endpoint.operation)).toContain('#/components/schemas/pets/Pet');

    await escapedSchemaRefs.up(db as Kysely<unknown>, older.db.dialect);
    // a fresh instance: nothing compiled before the migration
    const current = await upgrade();
    const answered = await current.server.inject({ method: 'GET', url: `${base}/pets/rex` });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ name: expect.any(String), owner: { email: expect.any(String) } });
    const exported = await current.server.inject({
      url: `/api/api-config-master/${api.id}/openapi`,
      headers: auth,
    });
    expect(
      exported.json().paths['/pets/{id}'].get.responses['200'].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/pets~1Pet',
    });
  });
});
