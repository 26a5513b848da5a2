import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { generateLargeDocument } from '../../../../packages/engine/test/support/import/generateDocument.js';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importFields } from '../../test/support/catalog.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

describe('a large import', () => {
  let app: TestApp;
  let url: string;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('leaves the server answering other requests while the document is read', async () => {
    // YAML of 800 operations: reading it takes the CPU for a second or more.
    const document = stringify(generateLargeDocument({ operations: 800 }), { aliasDuplicateObjects: false });
    const form = new FormData();
    for (const [key, value] of Object.entries(importFields)) form.append(key, value);
    form.append('multipartFile', new Blob([document]), 'large.yaml');
    const answered: string[] = [];
    const imported = fetch(`${url}/api/api-config-master/swagger/upload`, {
      method: 'POST',
      body: form,
      headers: auth,
    }).then((res) => {
      answered.push('import');
      return res;
    });
    // By now the upload has arrived and is being read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await fetch(`${url}/api/health`);
    answered.push('health');
    expect(health.status).toBe(200);
    expect((await imported).status).toBe(201);
    expect(answered).toEqual(['health', 'import']);
  });
});
