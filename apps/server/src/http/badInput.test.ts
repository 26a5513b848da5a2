import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { aRegistration, startTestApp, type TestApp } from '../../test/support/testApp.js';

describe.each(dialects)('bad input on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  const register = (payload: string, contentType = 'application/json') =>
    app.server.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload,
      headers: { 'content-type': contentType },
    });
  const userCount = async () =>
    Number(
      (
        await app.db.kysely
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await register('{"firstName": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed JSON');
  });

  it('answers a 10 MB body with 413', async () => {
    const res = await register(
      JSON.stringify({ ...aRegistration(), firstName: 'x'.repeat(10 * 1024 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await register('<firstName>x</firstName>', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
  });

  it('refuses a 10,000-character name with a message naming the field', async () => {
    const res = await register(JSON.stringify(aRegistration({ firstName: 'x'.repeat(10_000) })));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('firstName');
  });

  it('refuses fields of the wrong type', async () => {
    const res = await register(JSON.stringify({ ...aRegistration(), isNewsLatterSubscribed: 'yes' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('isNewsLatterSubscribed');
  });

  it('writes nothing for any refused sign-up', async () => {
    const before = await userCount();
    await register('{"firstName": ');
    await register(JSON.stringify(aRegistration({ firstName: 'x'.repeat(10_000) })));
    await register(JSON.stringify({ username: 'only' }));
    expect(await userCount()).toBe(before);
  });

  it('treats SQL-looking input as plain text', async () => {
    const sneaky = "x' OR '1'='1";
    const res = await signIn(app, sneaky, "' OR 1=1 --");
    expect(res.statusCode).toBe(403);
    const ok = await register(JSON.stringify(aRegistration({ lastName: "O'Brien); DROP TABLE users;--" })));
    expect(ok.statusCode).toBe(201);
    expect(await userCount()).toBeGreaterThan(0);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await app.server.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found');
  });

  it('answers the health check once migrations ran', async () => {
    const res = await app.server.inject('/api/health');
    expect(res.json()).toEqual({ status: 'ok', database: dialect });
  });
});
