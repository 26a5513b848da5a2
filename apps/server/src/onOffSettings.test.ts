import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../test/support/testApp.js';
import { loadConfig, parseTrustProxy } from './config.js';

const configWith = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')), JWT_SECRET: 'x', ...env });

describe.each(dialects)('an on/off setting, on %s', (dialect) => {
  let app: TestApp;
  afterEach(() => app?.close());

  it('starts with METRICS=true and serves /metrics', async () => {
    app = await startTestApp(dialect, { METRICS: 'true' });
    const res = await app.server.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_requests_total counter');
  });
});

describe('the spellings of an on/off setting', () => {
  it('reads true, 1 and yes as on, and false, 0 and no as off, in any case', () => {
    for (const on of ['true', 'TRUE', '1', 'yes', 'Yes', 'on', ' ON '])
      expect(configWith({ METRICS: on }).metrics.enabled, on).toBe(true);
    for (const off of ['false', 'False', '0', 'no', 'NO', 'off'])
      expect(configWith({ METRICS: off, METRICS_TOKEN: 'a-metrics-token-for-tests' }).metrics, off).toEqual({
        enabled: false,
      });
    expect(configWith({ REQUEST_LOG: 'No' }).requestLog.enabled).toBe(false);
    expect(configWith({ REQUEST_LOG: '1' }).requestLog.enabled).toBe(true);
    expect(configWith({ AI_RATE_LIMIT: 'False' }).aiRateLimit).toBeNull();
    expect(parseTrustProxy('Yes')).toBe(true);
    expect(parseTrustProxy('OFF')).toBe(false);
  });

  it('refuses any other spelling, naming the setting and the spellings it reads', () => {
    for (const [name, value] of [
      ['METRICS', 'maybe'],
      ['METRICS', ''],
      ['REQUEST_LOG', 'enabled'],
    ])
      expect(() => configWith({ [name]: value }), `${name}=${value}`).toThrow(
        `${name} must be on or off (or true/false, yes/no, 1/0), got "${value}"`,
      );
  });
});
