import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { designPetShop, whatUsersSee } from '../../test/support/designedApi.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// An API designed in the product keeps its operations and schemas as an imported one keeps its
// document's: it answers, exports and starts the Lab exactly as the same API imported from its export.

describe.each(dialects)('an API designed from nothing, on %s', (dialect) => {
  let app: TestApp;
  let d: ReturnType<typeof designer>;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    d = designer(app, auth);
  });
  afterAll(() => app.close());

  it('answers, exports and starts the Lab as the same API imported from its export', async () => {
    const designed = await designPetShop(d);
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${designed.id}/openapi`);
    const imported = await importApi(app, auth, JSON.stringify(document), 'pet-shop.json', {
      apiName: 'Pet shop',
      apiDescription: 'Designed in the product',
      apiVersion: '1.0',
      isAuthRequired: 'false',
    });
    expect(imported.statusCode).toBe(201);
    const importedId: number = imported.json().id;
    await d.expectStatus(200, 'PUT', `/api/api-config-master/${importedId}/answer-seed`, { seed: 7 });
    const deployed = await d.expectStatus(200, 'GET', `/api/api-publish/${importedId}/publish`);

    const asImported = await whatUsersSee(app, d, deployed);
    const asDesigned = await whatUsersSee(app, d, designed);
    expect(asDesigned.answers).toEqual(asImported.answers);
    expect(asDesigned.lab).toEqual(asImported.lab);
    expect(asDesigned.document).toEqual(asImported.document);
  });
});
