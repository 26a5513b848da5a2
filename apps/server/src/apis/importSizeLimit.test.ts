import { readFileSync } from 'node:fs';
import { apiFormMessages, apisPaths, reimportPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi, multipartBody } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A document over the import's limit is refused with a message that names the limit, whether it
// creates an API or updates one.
const hoot = readFileSync(new URL('../../test-fixtures/reimport/hoot-v1.json', import.meta.url), 'utf8');
const hootFields = { apiName: 'Hoot', apiDescription: 'Hoots', apiVersion: '1.0', isAuthRequired: 'false' };
const TWELVE_MB = Buffer.alloc(12 * 1024 * 1024, ' ');

describe.each(dialects)('the size limit of an imported document on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('refuses a 12 MB file on a New API import, naming the 10 MB limit', async () => {
    const res = await importApi(app, auth, TWELVE_MB.toString(), 'huge.json', hootFields);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(apiFormMessages.fileTooLarge);
    expect(res.json().message).toContain('10 MB');
  });

  it('refuses a 12 MB file on a re-import, naming the 10 MB limit, and leaves the API as it was', async () => {
    const created = await importApi(app, auth, hoot, 'hoot.json', hootFields);
    expect(created.statusCode, created.body).toBe(201);
    const apiId = created.json().id as number;
    const { payload, headers } = await multipartBody({}, { name: 'huge.json', content: TWELVE_MB });
    const res = await app.server.inject({
      method: 'POST',
      url: reimportPaths.upload(apiId),
      payload,
      headers: { ...headers, ...auth },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(apiFormMessages.fileTooLarge);
    expect(res.json().message).toContain('10 MB');
    const api = await app.server.inject({ url: apisPaths.one(apiId), headers: auth });
    expect(api.json().apiConfigList).toHaveLength(2);
  });
});
