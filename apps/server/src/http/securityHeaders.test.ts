import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

describe('security headers', () => {
  let app: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');
    app = await startTestApp('sqlite', { WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const directivesOf = (policy: string | undefined) =>
    new Map(
      (policy ?? '').split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );

  it.each([
    ['the app page', '/'],
    ['a client route of the app', '/dashboard'],
    ['a script of the app', '/assets/app.js'],
    ['an API answer', '/api/health'],
    ['an API refusal', '/api/tokens'],
    ['an unknown API path', '/api/nothing-here'],
  ])('sends them on %s', async (_case, url) => {
    const res = await app.server.inject(url);
    const policy = directivesOf(res.headers['content-security-policy'] as string | undefined);
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('script-src-attr')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'self'");
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('leaves the sandbox’s answers, taken in process as the Lab does, to the sandbox', async () => {
    const { auth } = await signUpAndVerify(app);
    const { api } = await deploy(app, auth, petstoreYaml);
    const res = await app.server.inject({
      url: `${new URL(api.apiBaseUrl as string).pathname}/pets`,
      headers: { 'x-request-id': '6f1c1a52-3f1b-4c7e-9d59-0f3b8c1e2a10' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
  });
});
