import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importFields } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { accountsYaml, notesYaml } from '../../test/support/sandboxDocuments.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, startTwoInstances, type TestApp } from '../../test/support/testApp.js';

describe.each(dialects)('the sandbox on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, petstoreYaml);
  });
  afterAll(() => app.close());

  const aPet = { name: 'Rex', tag: 'dog', address: { city: 'Lisbon', zip: '1000' } };

  it('answers a list generated from the response schema', async () => {
    const res = await sandbox.call('GET', '/pets');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const pets = res.json();
    expect(Array.isArray(pets)).toBe(true);
    for (const pet of pets) {
      expect(pet.name).toBe('Rex');
      expect(pet.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(['dog', 'cat', 'bird']).toContain(pet.tag);
    }
  });

  it('locates every problem with the parameters', async () => {
    const res = await sandbox.call('GET', '/pets?limit=many', { headers: { 'x-request-id': 'not-a-uuid' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json().errors).toEqual([
      { location: 'query.limit', message: 'must be an integer' },
      { location: 'header.x-request-id', message: 'must be a valid uuid' },
    ]);
    const missing = await sandbox.call('GET', '/pets?limit=500', { headers: { 'x-request-id': '' } });
    expect(missing.json().errors).toEqual([
      { location: 'query.limit', message: 'must be at most 100' },
      { location: 'header.x-request-id', message: 'is required' },
    ]);
  });

  it('locates every problem with the body, with the endpoint’s own 422', async () => {
    const res = await sandbox.call('POST', '/pets', {
      body: { tag: 'fish', address: { zip: 12, city: 'x'.repeat(3) }, owner: { email: 'nope' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { location: 'body.name', message: 'is required' },
      { location: 'body.tag', message: 'must be one of "dog", "cat", "bird"' },
      { location: 'body.owner.email', message: 'must be a valid email' },
      { location: 'body.address.zip', message: 'must be a string, got an integer' },
    ]);
    const broken = await sandbox.call('POST', '/pets', { body: '{"name": ' });
    expect(broken.json().errors).toEqual([{ location: 'body', message: 'is not valid JSON' }]);
    const empty = await sandbox.call('POST', '/pets');
    expect(empty.json().errors).toEqual([{ location: 'body', message: 'is required' }]);
  });

  it('refuses a body nested deeper than 256 levels before any schema is walked', async () => {
    const nested = (levels: number) => ({
      ...aPet,
      tag: 'dog',
      extra: JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`),
    });
    const deep = await sandbox.call('POST', '/pets', { body: nested(300) });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors).toEqual([{ location: 'body', message: 'is nested deeper than 256 levels' }]);
    // 255 levels under the pet, one for the pet itself: as deep as a body may go
    const deepest = await sandbox.call('POST', '/pets', { body: nested(255) });
    expect(deepest.statusCode).toBe(201);
  });

  it('stores a POST and finds it by id and in the list, deletes it, then answers 404', async () => {
    const created = await sandbox.call('POST', '/pets', { body: aPet });
    expect(created.statusCode).toBe(201);
    const pet = created.json();
    expect(pet).toMatchObject(aPet);
    expect(pet.id).toEqual(expect.any(String));

    const found = await sandbox.call('GET', `/pets/${pet.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(pet);
    expect((await sandbox.call('GET', '/pets')).json()).toContainEqual(pet);

    const deleted = await sandbox.call('DELETE', `/pets/${pet.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await sandbox.call('GET', `/pets/${pet.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().title).toBe('Not Found');
    expect((await sandbox.call('DELETE', `/pets/${pet.id}`)).statusCode).toBe(404);
  });

  it('changes a stored record with PUT and PATCH, and every read shows the last write', async () => {
    const notes = await deploy(app, auth, notesYaml);
    const first = (await notes.call('POST', '/notes', { body: { title: 'Milk', done: false } })).json();
    expect((await notes.call('GET', `/notes/${first.id}`)).json()).toEqual(first);
    expect((await notes.call('GET', '/notes')).json()).toEqual([first]);

    const second = (await notes.call('POST', '/notes', { body: { title: 'Bread', done: false } })).json();
    expect((await notes.call('GET', '/notes')).json()).toEqual([first, second]);

    const patched = await notes.call('PATCH', `/notes/${first.id}`, { body: { done: true } });
    expect(patched.json()).toEqual({ ...first, done: true });
    const put = await notes.call('PUT', `/notes/${second.id}`, { body: { title: 'Rye bread', done: true } });
    expect(put.json()).toEqual({ id: second.id, title: 'Rye bread', done: true });
    expect((await notes.call('GET', `/notes/${first.id}`)).json()).toEqual({ ...first, done: true });
    expect((await notes.call('GET', '/notes')).json()).toEqual([
      { ...first, done: true },
      { id: second.id, title: 'Rye bread', done: true },
    ]);

    expect((await notes.call('DELETE', `/notes/${first.id}`)).statusCode).toBe(204);
    expect((await notes.call('GET', '/notes')).json()).toEqual([
      { id: second.id, title: 'Rye bread', done: true },
    ]);
    const missing = await notes.call('PATCH', `/notes/${first.id}`, { body: { done: false } });
    expect(missing.statusCode).toBe(404);
  });

  it('asks no request for a read-only property and shows no write-only property in an answer', async () => {
    const accounts = await deploy(app, auth, accountsYaml);
    const generated = await accounts.call('GET', '/accounts/a-1');
    expect(generated.statusCode).toBe(200);
    expect(Object.keys(generated.json()).sort()).toEqual(['email', 'id']);

    const created = await accounts.call('POST', '/accounts', {
      body: { email: 'ada@example.com', password: 'S3cret!pass' },
    });
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toEqual({ id: expect.any(String), email: 'ada@example.com' });
    expect((await accounts.call('GET', `/accounts/${account.id}`)).json()).toEqual(account);

    const missing = await accounts.call('POST', '/accounts', { body: { email: 'ada@example.com' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ location: 'body.password', message: 'is required' }]);
  });

  it('answers the code a client prefers, when the endpoint declares it', async () => {
    const res = await sandbox.call('GET', '/pets/anything', { headers: { prefer: 'code=404' } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for an unknown path or key and 405 for another method', async () => {
    expect((await sandbox.call('GET', '/cats')).statusCode).toBe(404);
    const wrong = await sandbox.call('PUT', '/pets');
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const unknown = await app.server.inject('/sandbox/not-a-key/pets');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/problem\+json/);
  });

  it('answers CORS preflights and HEAD requests', async () => {
    const preflight = await sandbox.call('OPTIONS', '/pets', {
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    const head = await sandbox.call('HEAD', '/pets');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await sandbox.call('GET', '/owners')).headers['access-control-allow-origin']).toBe('*');
  });

  it('applies a configuration change on the next request', async () => {
    const createPet = sandbox.api.apiConfigList.find((e) => e.methodType === 'POST');
    const detail = (
      await app.server.inject({ url: `/api/api-config/${sandbox.api.id}/${createPet?.id}`, headers: auth })
    ).json();
    const newPet = detail.schemaMasterList.find((s: { schemaName: string }) => s.schemaName === 'NewPet');
    const props = newPet.configProperties.map((p: { jsonKey: string }) =>
      p.jsonKey === 'name' ? { ...p, maxLength: 2 } : p,
    );
    await app.server.inject({
      method: 'PUT',
      url: `/api/api-config/${sandbox.api.id}/schemas/NewPet`,
      payload: { configProperties: props },
      headers: auth,
    });
    const res = await sandbox.call('POST', '/pets', { body: aPet });
    expect(res.json().errors).toEqual([{ location: 'body.name', message: 'must have at most 2 characters' }]);
  });
});

describe.each(dialects)('sandbox tokens on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  /** How far the app's clock runs ahead: tokens expire without a wait. */
  let later = 0;
  beforeAll(async () => {
    app = await startTestApp(dialect, { TOKEN_TTL: '2s' }, { clock: () => Date.now() + later });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('asks for a token of the API, and stops accepting it once deleted or expired', async () => {
    const sandbox = await deploy(app, auth, petstoreYaml, { ...importFields, isAuthRequired: 'true' });
    const refused = await sandbox.call('GET', '/owners');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');

    const token = (
      await app.server.inject({ url: `/api/generateToken/${sandbox.api.id}`, headers: auth })
    ).json();
    const bearer = { authorization: `Bearer ${token.generatedAccessToken}` };
    expect((await sandbox.call('GET', '/owners', { headers: bearer })).statusCode).toBe(200);
    expect(
      (
        await sandbox.call('GET', '/owners', {
          headers: { authorization: `Bearer ${token.generatedAccessToken}x` },
        })
      ).statusCode,
    ).toBe(401);

    await app.server.inject({ method: 'DELETE', url: `/api/deleteToken/${token.id}`, headers: auth });
    expect((await sandbox.call('GET', '/owners', { headers: bearer })).statusCode).toBe(401);

    const fresh = (
      await app.server.inject({ url: `/api/generateToken/${sandbox.api.id}`, headers: auth })
    ).json();
    const freshBearer = { authorization: `Bearer ${fresh.generatedAccessToken}` };
    expect((await sandbox.call('GET', '/owners', { headers: freshBearer })).statusCode).toBe(200);
    later = 3000; // past the token's 2 s
    expect((await sandbox.call('GET', '/owners', { headers: freshBearer })).statusCode).toBe(401);
  });
});

describe.each(dialects.filter((d) => d === 'postgres'))('several instances on one %s database', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ first, second } = instances);
  });
  afterAll(() => instances.close());

  it('recompile a deployed API on every instance when it changes on one', async () => {
    const { auth } = await signUpAndVerify(first);
    const deployed = await deploy(first, auth, petstoreYaml);
    const onSecond = (body: unknown) =>
      second.server.inject({ method: 'POST', url: `${deployed.base}/pets`, payload: body as object });
    expect((await onSecond({ name: 'Rex' })).statusCode).toBe(201);

    const createPet = deployed.api.apiConfigList.find((e) => e.methodType === 'POST');
    const detail = (
      await first.server.inject({ url: `/api/api-config/${deployed.api.id}/${createPet?.id}`, headers: auth })
    ).json();
    const newPet = detail.schemaMasterList.find((s: { schemaName: string }) => s.schemaName === 'NewPet');
    const props = newPet.configProperties.map((p: { jsonKey: string }) =>
      p.jsonKey === 'name' ? { ...p, maxLength: 2 } : p,
    );
    await first.server.inject({
      method: 'PUT',
      url: `/api/api-config/${deployed.api.id}/schemas/NewPet`,
      payload: { configProperties: props },
      headers: auth,
    });

    await expect.poll(async () => (await onSecond({ name: 'Rex' })).statusCode, { timeout: 5000 }).toBe(422);
  });
});
