import { apiFormMessages, apisPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi, importFields, multipartBody } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

describe.each(dialects)('importing a document through the New API form on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  const apiCount = async () =>
    Number(
      (
        await app.db.kysely
          .selectFrom('api_masters')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function expectRefused(
    res: Awaited<ReturnType<typeof importApi>>,
    status: number,
    message: string | RegExp,
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await apiCount()).toBe(0);
  }

  it('refuses a file that is not .json, .yaml or .yml', async () => {
    await expectRefused(
      await importApi(app, auth, petstoreYaml, 'petstore.txt'),
      400,
      apiFormMessages.invalidFileFormat,
    );
  });

  it('refuses a form without its file', async () => {
    const { payload, headers } = await multipartBody(importFields);
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/api-config-master/swagger/upload',
      payload,
      headers: { ...headers, ...auth },
    });
    await expectRefused(res, 400, apiFormMessages.fileRequired);
  });

  it('refuses a version that is not digit.digit', async () => {
    await expectRefused(
      await importApi(app, auth, petstoreYaml, 'p.yaml', { ...importFields, apiVersion: '1.0.0' }),
      400,
      apiFormMessages.versionRequired,
    );
  });

  it('says on which line a JSON file is broken', async () => {
    const res = await importApi(app, auth, '{\n  "openapi": "3.0.0",\n  "paths": {,\n}', 'broken.json');
    await expectRefused(res, 400, /./);
    expect(res.json().detail).toMatch(/line 3/);
  });

  it('refuses a JSON file that is not OpenAPI', async () => {
    await expectRefused(
      await importApi(app, auth, '{"name": "package", "version": "1.0.0"}', 'package.json'),
      400,
      /OpenAPI/,
    );
  });

  it('refuses a 50 MB file with 413 and keeps answering', async () => {
    const huge = `{"openapi":"3.0.0","x":"${'a'.repeat(50 * 1024 * 1024)}"}`;
    await expectRefused(await importApi(app, auth, huge, 'huge.json'), 413, /too large/i);
    expect((await app.server.inject('/api/health')).statusCode).toBe(200);
  });

  it('refuses a YAML alias bomb', async () => {
    const bomb = [
      'openapi: 3.0.0',
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...Array.from(
        { length: 9 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(',')}]`,
      ),
      'paths: {}',
    ].join('\n');
    await expectRefused(await importApi(app, auth, bomb, 'bomb.yaml'), 400, /./);
  });

  it('imports, exports and imports again to the same endpoints, parameters, responses and schemas', async () => {
    const first = await importApi(app, auth, petstoreYaml);
    expect(first.statusCode).toBe(201);
    const exported = await app.server.inject({
      url: `/api/api-config-master/${first.json().id}/openapi`,
      headers: auth,
    });
    expect(exported.headers['content-disposition']).toContain('Petstore-openapi.json');
    const document = exported.json();
    expect(document.openapi).toBe('3.1.0');
    const second = await importApi(app, auth, JSON.stringify(document), 'petstore.json');
    expect(second.statusCode).toBe(201);

    const describeApi = async (id: number) => {
      const detail = (await app.server.inject({ url: `/api/api-config-master/${id}`, headers: auth })).json();
      const endpoints = [];
      for (const e of detail.apiConfigList) {
        const d = (await app.server.inject({ url: `/api/api-config/${id}/${e.id}`, headers: auth })).json();
        endpoints.push({
          route: `${d.methodType} ${d.apiEndPoint}`,
          params: d.parameterConfigList.map(({ id: _i, ...p }: { id: number }) => p),
          headers: d.headerConfigList.map(({ id: _i, ...h }: { id: number }) => h),
          responses: d.responseConfigList.map(({ id: _i, ...r }: { id: number }) => r),
        });
      }
      const strip = (value: unknown): unknown =>
        JSON.parse(
          JSON.stringify(value, (key, v) => (key === 'id' || key === 'apiMasterId' ? undefined : v)),
        );
      return { endpoints: strip(endpoints), schemas: strip(detail.schemaMasterList) };
    };
    expect(await describeApi(second.json().id)).toEqual(await describeApi(first.json().id));
  });

  it('imports a document with a dangling reference, naming it in a warning the API keeps', async () => {
    const dangling = petstoreYaml.replace(
      "$ref: '#/components/schemas/Owner' }\n        address",
      "$ref: '#/components/schemas/Nobody' }\n        address",
    );
    const res = await importApi(app, auth, dangling);
    expect(res.statusCode).toBe(201);
    const warning = {
      pointer: expect.stringMatching(/\/\$ref$/),
      message: 'The reference #/components/schemas/Nobody points to nothing: it accepts any value',
    };
    expect(res.json().warnings).toEqual([warning]);
    const detail = await app.server.inject({ url: apisPaths.one(res.json().id), headers: auth });
    expect(detail.json().warnings).toEqual([warning]);
  });

  it('shows no warnings on an API whose import had none', async () => {
    const res = await importApi(app, auth, petstoreYaml);
    expect(res.json().warnings).toEqual([]);
    const detail = await app.server.inject({ url: apisPaths.one(res.json().id), headers: auth });
    expect(detail.json()).not.toHaveProperty('warnings');
  });
});
