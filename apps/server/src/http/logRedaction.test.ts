import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { redactUrl } from './logRedaction.js';

describe('what the log keeps of a request', () => {
  let app: TestApp;
  let auth: { authorization: string };
  let jwt: string;
  let lines: string[];
  beforeAll(async () => {
    lines = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) =>
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
    );
    app = await startTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream });
    ({ auth, jwt } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  /** The log lines written while `act` ran. */
  async function loggedDuring(act: () => Promise<unknown>): Promise<string> {
    const from = lines.length;
    await act();
    return lines.slice(from).join('\n');
  }

  const loggedUrls = (log: string) =>
    log
      .split('\n')
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

  it('hides the address typed into the forgotten-password and resend-link forms', async () => {
    const log = await loggedDuring(async () => {
      await app.server.inject('/api/v1/auth/forgetPassword/ada.lovelace%40example.com');
      await app.server.inject('/api/v1/auth/forgetPassword/ada.lovelace@example.com');
      await app.server.inject('/api/v1/auth/resendVerificationLink/grace.hopper%40example.com');
    });
    expect(log).not.toMatch(/lovelace|hopper/);
    expect(loggedUrls(log)).toContain('/api/v1/auth/forgetPassword/[redacted]');
    expect(loggedUrls(log)).toContain('/api/v1/auth/resendVerificationLink/[redacted]');
  });

  it('hides the token of a verification link', async () => {
    const token = 'a1b2c3d4e5f6verificationtoken';
    const log = await loggedDuring(() =>
      app.server.inject({ method: 'POST', url: `/api/v1/auth/verification/${token}/false/7` }),
    );
    expect(log).not.toContain(token);
    expect(loggedUrls(log)).toContain('/api/v1/auth/verification/[redacted]/false/7');
  });

  it('hides the sandbox key, credentials in the query and the session token', async () => {
    const { api } = await deploy(app, auth, petstoreYaml);
    const key = new URL(api.apiBaseUrl as string).pathname.split('/')[2] as string;
    const log = await loggedDuring(() =>
      app.server.inject({
        url: `/sandbox/${key}/pets?limit=2&access_token=tok-123&owner=ada%40example.com`,
        headers: auth,
      }),
    );
    expect(log).not.toContain(key);
    expect(log).not.toMatch(/tok-123|ada%40example|ada@example/);
    expect(log).not.toContain(jwt);
    expect(loggedUrls(log)).toContain(
      '/sandbox/[redacted]/pets?limit=2&access_token=[redacted]&owner=[redacted]',
    );
  });

  it('censors credential headers wherever a log line includes headers', async () => {
    const headers = { ...auth, cookie: 'sid=s3cr3t', accept: 'application/json' };
    const log = await loggedDuring(async () => {
      app.server.log.info({ headers }, 'headers of a request');
      app.server.log.info({ request: { headers } }, 'a request and its headers');
    });
    expect(log.match(/application\/json/g)).toHaveLength(2);
    expect(log).not.toContain(jwt);
    expect(log).not.toContain('s3cr3t');
    expect(log).toContain('[redacted]');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/apis/12/endpoints?page=2', '/api/apis/12/endpoints?page=2'],
    ['/api/v1/auth/forgetPassword/ada', '/api/v1/auth/forgetPassword/[redacted]'],
    ['/api/v1/auth/verification/tok', '/api/v1/auth/verification/[redacted]'],
    ['/api/team/members/a%40b.c', '/api/team/members/[redacted]'],
    ['/api/x?apiKey=k&q=pets&sig=s', '/api/x?apiKey=[redacted]&q=pets&sig=[redacted]'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
