import type { ApiMaster, EndpointDetail } from '@sandbox/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { designer } from '../../test/support/design.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A design call happens whole or not at all: one that fails half-way leaves the API as it was, and
// two calls racing on one API do not both pass a check that only one of them may pass.

describe.each(dialects)('design calls as one change on %s', (dialect) => {
  let app: TestApp;
  let d: ReturnType<typeof designer>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const { auth } = await signUpAndVerify(app);
    d = designer(app, auth);
  });
  afterAll(() => app.close());

  /** Everything a user can read of the API's design: its detail, each endpoint and its export. */
  async function everything(api: ApiMaster) {
    const detail = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}`);
    const endpoints: EndpointDetail[] = [];
    for (const { id } of detail.apiConfigList as { id: number }[])
      endpoints.push(await d.endpoint(api.id, id));
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    return { detail, endpoints, document };
  }

  /**
   * A rule of the database that refuses responses naming `name`: a rename that reaches them fails
   * there, after the schema itself, its properties and the request bodies were written.
   */
  async function refuseResponsesNaming(name: string) {
    const db = app.db.kysely;
    if (app.db.dialect === 'postgres') {
      await sql`CREATE FUNCTION refuse_response_schema() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'responses may not name this schema'; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER refuse_response_schema BEFORE UPDATE ON endpoint_responses FOR EACH ROW
        WHEN (NEW.schema_name = ${sql.lit(name)}) EXECUTE FUNCTION refuse_response_schema()`.execute(db);
    } else {
      await sql`CREATE TRIGGER refuse_response_schema BEFORE UPDATE ON endpoint_responses
        WHEN NEW.schema_name = ${sql.lit(name)}
        BEGIN SELECT RAISE(ABORT, 'responses may not name this schema'); END`.execute(db);
    }
    return async () => {
      await sql`DROP TRIGGER refuse_response_schema${sql.raw(app.db.dialect === 'postgres' ? ' ON endpoint_responses' : '')}`.execute(
        db,
      );
      if (app.db.dialect === 'postgres') await sql`DROP FUNCTION refuse_response_schema()`.execute(db);
    };
  }

  it('leaves the schema, its properties, the bodies naming it and the export as they were when a rename fails half-way', async () => {
    const api = await d.emptyApi('Rename that fails');
    const schemas = `/api/api-config/${api.id}/schemas`;
    await d.expectStatus(201, 'POST', schemas, {
      schemaName: 'Pet',
      configProperties: [{ jsonKey: 'name', jsonKeyType: 'string', isMandatory: true }],
    });
    await d.expectStatus(201, 'POST', schemas, {
      schemaName: 'Owner',
      configProperties: [
        {
          jsonKey: 'pet',
          jsonKeyType: 'object',
          isMandatory: false,
          refProperties: '#/components/schemas/Pet',
        },
      ],
    });
    const create = await d.addEndpoint(api.id, 'POST', '/pets');
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${create.id}/request-body`, {
      schemaName: 'Pet',
      contentType: 'application/json',
      isRequired: true,
    });
    await d.addResponse(api.id, create.id, '201', 'The pet', 'Pet');
    const before = await everything(api);

    const allowAgain = await refuseResponsesNaming('Animal');
    try {
      const res = await d.send('PUT', `${schemas}/Pet`, {
        schemaName: 'Animal',
        configProperties: [
          { jsonKey: 'name', jsonKeyType: 'string', isMandatory: true },
          { jsonKey: 'legs', jsonKeyType: 'integer', isMandatory: false },
        ],
      });
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await allowAgain();
    }

    expect(await everything(api)).toEqual(before);
    // and the same rename, now allowed, goes through everywhere
    await d.expectStatus(200, 'PUT', `${schemas}/Pet`, {
      schemaName: 'Animal',
      configProperties: [{ jsonKey: 'name', jsonKeyType: 'string', isMandatory: true }],
    });
    const [endpoint] = (await everything(api)).endpoints;
    expect(endpoint.requestConfigList.map((r) => r.schemaName)).toEqual(['Animal']);
    expect(endpoint.responseConfigList.map((r) => r.responseSchemaName)).toEqual(['Animal']);
  });

  it('adds one endpoint when the same route is added twice at once, and refuses the other', async () => {
    const api = await d.emptyApi('Racing routes');
    const routes = ['/pets', '/pets/{petId}', '/owners/{ownerId}/pets'];
    for (const route of routes) {
      const answers = await Promise.all([
        d.send('POST', `/api/api-config/${api.id}/endpoints`, { methodType: 'GET', apiEndPoint: route }),
        d.send('POST', `/api/api-config/${api.id}/endpoints`, { methodType: 'GET', apiEndPoint: route }),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), route).toEqual([201, 400]);
    }
    const detail = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}`);
    expect(detail.apiConfigList.map((e: { apiEndPoint: string }) => e.apiEndPoint).sort()).toEqual(
      [...routes].sort(),
    );
  });
});
