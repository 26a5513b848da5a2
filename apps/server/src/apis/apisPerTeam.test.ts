import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { joinTeam } from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const refusal = 'Your team has 2 APIs, as many as it may: delete one before adding another';

describe.each(dialects)('how many APIs one team may have, on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { API_MAX_PER_TEAM: '2' });
  });
  afterAll(() => app.close());

  it('refuses a new API past the setting, imported or designed, for every member, until one is deleted', async () => {
    const { auth } = await signUpAndVerify(app);
    const d = designer(app, auth);
    const designed = await d.emptyApi('First');
    expect((await importApi(app, auth, petstoreYaml, 'petstore.yaml')).statusCode).toBe(201);

    const imported = await importApi(app, auth, petstoreYaml, 'petstore.yaml');
    expect(imported.statusCode).toBe(409);
    expect(imported.json().message).toBe(refusal);
    const empty = await d.send('POST', '/api/api-config-master', {
      apiMasterName: 'Third',
      apiDescription: 'One too many',
      apiVersion: '1.0',
      isAuthRequired: false,
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(refusal);
    const { auth: memberAuth } = await joinTeam(app, auth);
    expect((await importApi(app, memberAuth, petstoreYaml, 'petstore.yaml')).statusCode).toBe(409);

    // another team counts its own
    const other = await signUpAndVerify(app);
    expect((await importApi(app, other.auth, petstoreYaml, 'petstore.yaml')).statusCode).toBe(201);

    await d.expectStatus(200, 'DELETE', `/api/api-config-master/${designed.id}`);
    expect((await importApi(app, auth, petstoreYaml, 'petstore.yaml')).statusCode).toBe(201);
  });
});
