import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const ACCOUNT_LIMIT = 10;
const ADDRESS_LIMIT = 100;

let nextAddress = 1;
/** A client address of its own, so one test's attempts never count against another's. */
const aClientAddress = () => `198.51.100.${nextAddress++}`;

function signInFrom(
  app: TestApp,
  remoteAddress: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    payload: { username, password },
    remoteAddress,
    headers,
  });
}

async function statusesOf(responses: Promise<{ statusCode: number }>[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of await Promise.all(responses))
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe.each(dialects)('sign-in limits on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  it('checks only the first ten of 40 parallel wrong passwords and answers the rest 429', async () => {
    const { registration } = await signUpAndVerify(app);
    const from = aClientAddress();
    const guesses = Array.from({ length: 40 }, (_, i) =>
      signInFrom(app, from, registration.username, `Wrong!pass${i}`),
    );
    expect(await statusesOf(guesses)).toEqual({ 403: ACCOUNT_LIMIT, 429: 40 - ACCOUNT_LIMIT });
  });

  it('refuses the right password after 99 parallel wrong ones', async () => {
    const { registration } = await signUpAndVerify(app);
    const from = aClientAddress();
    await Promise.all(
      Array.from({ length: 99 }, (_, i) => signInFrom(app, from, registration.username, `Wrong!pass${i}`)),
    );
    const right = await signInFrom(app, aClientAddress(), registration.username, registration.password);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts the username and the e-mail address of one account together, whatever their case', async () => {
    const { registration } = await signUpAndVerify(app);
    const from = aClientAddress();
    for (let i = 0; i < ACCOUNT_LIMIT / 2; i++) {
      await signInFrom(app, from, registration.username.toUpperCase(), `Wrong!pass${i}`);
      await signInFrom(app, from, registration.emailAddress, `Wrong!pass${i}`);
    }
    expect((await signInFrom(app, from, registration.emailAddress, registration.password)).statusCode).toBe(
      429,
    );
  });

  it('limits a name that belongs to no account just as soon', async () => {
    const from = aClientAddress();
    const guesses = Array.from({ length: ACCOUNT_LIMIT + 1 }, (_, i) =>
      signInFrom(app, from, 'nobody-by-this-name', `Wrong!pass${i}`),
    );
    expect(await statusesOf(guesses)).toEqual({ 403: ACCOUNT_LIMIT, 429: 1 });
  });

  it('keeps the failures counted when the right password comes in between', async () => {
    const { registration } = await signUpAndVerify(app);
    const from = aClientAddress();
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++)
      await signInFrom(app, from, registration.username, `Wrong!${i}a`);
    expect((await signInFrom(app, from, registration.username, registration.password)).statusCode).toBe(200);
    expect((await signInFrom(app, from, registration.username, 'Wrong!last1')).statusCode).toBe(403);
    expect((await signInFrom(app, from, registration.username, registration.password)).statusCode).toBe(429);
  });

  it('never limits an owner who only types the right password', async () => {
    const { registration } = await signUpAndVerify(app);
    const from = aClientAddress();
    for (let i = 0; i <= ACCOUNT_LIMIT + 2; i++)
      expect((await signInFrom(app, from, registration.username, registration.password)).statusCode).toBe(
        200,
      );
  });

  it('ignores X-Forwarded-For by default, so a new header does not lift the per-address limit', async () => {
    const from = aClientAddress();
    const guesses = Array.from({ length: ADDRESS_LIMIT }, (_, i) =>
      signInFrom(app, from, `nobody-${i}`, 'Wrong!pass1', { 'x-forwarded-for': `203.0.113.${i}` }),
    );
    expect(await statusesOf(guesses)).toEqual({ 403: ADDRESS_LIMIT });
    const next = await signInFrom(app, from, 'nobody-else', 'Wrong!pass1', {
      'x-forwarded-for': '192.0.2.1',
    });
    expect(next.statusCode).toBe(429);
  });
});

describe('sign-in limits behind a trusted proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { TRUST_PROXY: '198.51.100.0/24' });
  });
  afterAll(() => app.close());

  it('limits the forwarded client address when TRUST_PROXY names the proxy', async () => {
    const proxy = aClientAddress();
    const client = { 'x-forwarded-for': '203.0.113.9' };
    await Promise.all(
      Array.from({ length: ADDRESS_LIMIT }, (_, i) =>
        signInFrom(app, proxy, `nobody-${i}`, 'Wrong!pass1', client),
      ),
    );
    expect((await signInFrom(app, proxy, 'nobody-else', 'Wrong!pass1', client)).statusCode).toBe(429);
    const another = { 'x-forwarded-for': '203.0.113.10' };
    expect((await signInFrom(app, proxy, 'nobody-else', 'Wrong!pass1', another)).statusCode).toBe(403);
  });
});
