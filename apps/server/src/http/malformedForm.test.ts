import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const boundary = 'form-boundary';

/** A form whose file part starts but never reaches its closing boundary, as an upload cut short sends. */
const cutShort = (field: string, fileName: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
  'Content-Type: text/csv\r\n\r\nthe first bytes of the file';

const complete = (field: string, fileName: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
  `Content-Type: text/csv\r\n\r\nbytes\r\n--${boundary}--\r\n`;

describe.each(dialects)('a malformed multipart form on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let uploads: { name: string; url: string; field: string; fileName: string }[];
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    const imported = await importApi(app, auth, petstoreYaml);
    const endpointId = imported.json().apiConfigList[0].id as number;
    uploads = [
      { name: 'feedback', url: '/api/v1/auth/submit-query', field: 'attachments', fileName: 'notes.txt' },
      {
        name: 'the import',
        url: '/api/api-config-master/swagger/upload',
        field: 'multipartFile',
        fileName: 'api.yaml',
      },
      {
        name: 'the test data',
        url: `/api/api-response/${endpointId}/test-data-upload/`,
        field: 'file',
        fileName: 'rows.csv',
      },
    ];
  });
  afterAll(() => app.close());

  const send = (url: string, contentType: string, payload: string) =>
    app.server.inject({ method: 'POST', url, payload, headers: { ...auth, 'content-type': contentType } });

  it('is refused with 400 and the reason when the body is cut short', async () => {
    for (const { name, url, field, fileName } of uploads) {
      const res = await send(url, `multipart/form-data; boundary=${boundary}`, cutShort(field, fileName));
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
      expect(res.json()).toEqual({
        message: 'Malformed form data',
        detail: 'The body ends before the closing boundary (is the upload cut short?)',
      });
    }
  });

  it('is refused with 400 and the reason when the content type names no boundary', async () => {
    for (const { name, url, field, fileName } of uploads) {
      const res = await send(url, 'multipart/form-data', complete(field, fileName));
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
      expect(res.json()).toEqual({
        message: 'Malformed form data',
        detail: 'The Content-Type header names no boundary',
      });
    }
  });

  it('stores nothing of a refused form', async () => {
    const count = async (table: 'feedback' | 'api_masters') =>
      (await app.db.kysely.selectFrom(table).select('id').execute()).length;
    const before = { feedback: await count('feedback'), apis: await count('api_masters') };
    for (const { url, field, fileName } of uploads) {
      await send(url, `multipart/form-data; boundary=${boundary}`, cutShort(field, fileName));
    }
    expect({ feedback: await count('feedback'), apis: await count('api_masters') }).toEqual(before);
  });
});
