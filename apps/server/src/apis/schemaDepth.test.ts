import { type BodyProperty, MAX_SCHEMA_DEPTH, schemaTooDeep } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { designer } from '../../test/support/design.js';
import { probeHealth } from '../../test/support/healthProbe.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

/** A property tree `levels` deep: an object in an object …, a string at the bottom. */
function nested(levels: number): BodyProperty[] {
  let property: BodyProperty = { jsonKey: 'leaf', jsonKeyType: 'string', isMandatory: true };
  for (let level = levels - 1; level > 0; level--)
    property = {
      jsonKey: `level${level}`,
      jsonKeyType: 'object',
      isMandatory: true,
      configProperties: [property],
    };
  return [property];
}

describe('how deeply a designed schema may nest', () => {
  let app: TestApp;
  let origin: string;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    origin = await app.server.listen({ port: 0, host: '127.0.0.1' });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  const send = (method: string, path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('takes the limit, refuses beyond it with a message, and the server goes on answering', async () => {
    const d = designer(app, auth);
    const api = await d.emptyApi('Deep');
    const schemas = `/api/api-config/${api.id}/schemas`;
    expect(
      (await send('POST', schemas, { schemaName: 'Deep', configProperties: nested(MAX_SCHEMA_DEPTH) }))
        .status,
    ).toBe(201);

    const probe = probeHealth(origin);
    const refusals = [
      await send('POST', schemas, { schemaName: 'Deeper', configProperties: nested(700) }),
      await send('PUT', `${schemas}/Deep`, { configProperties: nested(500) }),
      await send('PUT', `${schemas}/Deep`, { configProperties: nested(MAX_SCHEMA_DEPTH + 1) }),
    ];
    const { worst } = await probe.stop();
    expect(refusals.map((res) => res.status)).toEqual([400, 400, 400]);
    for (const res of refusals) expect(await res.text()).toContain(schemaTooDeep);
    expect(worst).toBeLessThan(250);

    const endpoint = await d.addEndpoint(api.id, 'GET', '/deep');
    await d.addResponse(api.id, endpoint.id, '200', 'Deep', 'Deep');
    const deployed = await d.expectStatus(200, 'GET', `/api/api-publish/${api.id}/publish`);
    const answer = await fetch(`${origin}${new URL(deployed.apiBaseUrl).pathname}/deep`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      level1: { level2: expect.objectContaining({ level3: expect.any(Object) }) },
    });
  });
});
