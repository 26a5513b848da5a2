import { authParameterNames } from '@sandbox/engine/answer/securitySchemes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { probeHealth } from '../../test/support/healthProbe.js';
import { deploy } from '../../test/support/sandbox.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const digestYaml = `
openapi: 3.0.3
info: { title: Vault, version: '1.0' }
paths:
  /secrets:
    get:
      security: [{ digest: [] }]
      responses:
        '200': { description: Secrets, content: { application/json: { schema: { type: array, items: { type: string } } } } }
components:
  securitySchemes:
    digest: { type: http, scheme: digest }
`;

describe('credentials an anonymous caller writes', () => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('refuses a Digest header of 16,000 characters while the server goes on answering', async () => {
    const vault = await deploy(app, auth, digestYaml);
    const probe = probeHealth(vault.origin);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refusals = [];
    for (const filler of ['a', 'a-', 'a=']) {
      const answer = await vault.call('GET', '/secrets', {
        headers: { authorization: `Digest ${filler.repeat(16_000 / filler.length)}` },
      });
      refusals.push(answer.statusCode);
    }
    const { worst } = await probe.stop();
    expect(refusals).toEqual([401, 401, 401]);
    expect(worst).toBeLessThan(250);
    const accepted = await vault.call('GET', '/secrets', {
      headers: {
        authorization:
          'Digest username="ann", realm="digest", nonce="abc", uri="/secrets", response="6629fae49393a05397450978507c4ef1"',
      },
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('the names of auth-params', () => {
  it('are read past quoted commas and escaped quotes, in lower case', () => {
    expect([...authParameterNames('Username="a, \\"b\\"", realm = "x",nonce=abc,, uri="/x?a=b"')]).toEqual([
      'username',
      'realm',
      'nonce',
      'uri',
    ]);
  });

  it('are none in text with no name=value', () => {
    expect(authParameterNames('a'.repeat(100_000)).size).toBe(0);
    expect(authParameterNames('=x, "y=z"').size).toBe(0);
  });
});
