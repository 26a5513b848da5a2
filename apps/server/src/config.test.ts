import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseDuration, parseOutboundAllow, parseTrustProxy } from './config.js';

describe('configuration', () => {
  it('defaults to port 8080 on 127.0.0.1 with links on localhost', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      dataDir,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtTtlSeconds).toBe(24 * 3600);
  });

  it('keeps a generated signing secret across restarts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given' }).jwtSecret).toBe('given');
  });

  it('reads durations in seconds, minutes, hours and days', () => {
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('7d')).toBe(604800);
    expect(() => parseDuration('soon')).toThrow(/Invalid duration/);
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY names the proxies', () => {
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')) }).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    const twoHops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'loopback',
    ]);
    expect(() => parseTrustProxy('10.0.0.0/8,my-proxy')).toThrow(/TRUST_PROXY: "my-proxy"/);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });

  it('lets API Lab and import by URL reach no private address unless OUTBOUND_ALLOW lists it', () => {
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')) }).outboundAllow).toBeUndefined();
    const allows = parseOutboundAllow(' 10.0.0.0/8, 192.168.1.20,fd00::/8 ') as (address: string) => boolean;
    const reached = ['10.200.3.4', '::ffff:10.1.1.1', '192.168.1.20', 'fd12::1'].filter(allows);
    expect(reached).toHaveLength(4);
    const refused = ['192.168.1.21', '127.0.0.1', '169.254.169.254', 'fe80::1', 'not an address'];
    expect(refused.filter(allows)).toEqual([]);
    expect(() => parseOutboundAllow('10.0.0.0/8,intranet')).toThrow(/OUTBOUND_ALLOW: "intranet"/);
  });

  it('bounds what sandboxes hold, and serves them on PUBLIC_URL unless SANDBOX_URL says otherwise', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://api.example/' }).sandbox).toEqual({
      url: 'https://api.example',
      maxRecords: 10_000,
      maxBytes: 50 * 1024 * 1024,
      maxBodyBytesInFlight: 8 * 1024 * 1024,
      maxBodyBytesPerClient: 2 * 1024 * 1024,
      bodyIdleMs: 5000,
      compiledApis: 100,
    });
    const set = loadConfig({
      DATA_DIR: dataDir,
      SANDBOX_URL: 'http://sandbox.localhost:8080/',
      SANDBOX_MAX_RECORDS: '500',
      SANDBOX_MAX_BYTES: '2GB',
      SANDBOX_MAX_INFLIGHT_BYTES: '512kb',
      SANDBOX_MAX_INFLIGHT_BYTES_PER_CLIENT: '256kb',
      SANDBOX_BODY_TIMEOUT: '2s',
      SANDBOX_COMPILED_APIS: '20',
    }).sandbox;
    expect(set).toEqual({
      url: 'http://sandbox.localhost:8080',
      maxRecords: 500,
      maxBytes: 2 * 1024 ** 3,
      maxBodyBytesInFlight: 512 * 1024,
      maxBodyBytesPerClient: 256 * 1024,
      bodyIdleMs: 2000,
      compiledApis: 20,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, SANDBOX_URL: 'sandbox.localhost' })).toThrow(/SANDBOX_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SANDBOX_MAX_RECORDS: '0' })).toThrow(/SANDBOX_MAX_RECORDS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SANDBOX_MAX_BYTES: '50 megs' })).toThrow(
      /SANDBOX_MAX_BYTES/,
    );
  });

  it('keeps a request log of 1,000 calls for 7 days per API unless told otherwise, or none with REQUEST_LOG=off', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).requestLog).toEqual({
      enabled: true,
      maxEntries: 1000,
      maxAgeDays: 7,
      fieldCaps: { pathChars: 1024, queryChars: 1024, headerChars: 512, headers: 40, bodyChars: 16384 },
      pageBytes: 1024 * 1024,
      streamsPerTeam: 50,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, REQUEST_LOG: 'off', REQUEST_LOG_ENTRIES: '50', REQUEST_LOG_DAYS: '1' })
        .requestLog,
    ).toMatchObject({ enabled: false, maxEntries: 50, maxAgeDays: 1 });
    // a body is never kept longer than the queue's bound on memory assumes
    expect(() => loadConfig({ DATA_DIR: dataDir, REQUEST_LOG_BODY_CHARS: '20000' })).toThrow(
      /REQUEST_LOG_BODY_CHARS must be at most 16384/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, REQUEST_LOG: 'maybe' })).toThrow(
      /REQUEST_LOG must be on or off/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, REQUEST_LOG_ENTRIES: '0' })).toThrow(/REQUEST_LOG_ENTRIES/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000', DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')) })).toThrow(
      /PORT/,
    );
  });
});
