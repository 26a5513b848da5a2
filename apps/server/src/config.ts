import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

// DESIGN §4: every setting comes from the environment and has a default.
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** Lifetime of a sandbox access token (Token Manager). */
  tokenTtlSeconds: number;
  webDistDir?: string;
  logLevel: string;
  mailFrom: string;
  /** Where submitted feedback is mailed; unset keeps it in the database and `$DATA_DIR/feedback` only. */
  feedbackTo?: string;
  /** An OpenAI-compatible chat-completions server for the AI helpers; unset: the built-in generators. */
  ai?: { baseUrl: string; apiKey?: string; model: string };
  /** How many AI calls (Copilot, test-data generation) one team may make per window; null: no limit. */
  aiRateLimit: RateLimit | null;
  /** Where sandboxes are served, and how much anonymous callers of them may make the server hold. */
  sandbox: SandboxSettings;
  /** APIs one team may have (`API_MAX_PER_TEAM`, default 200); beyond, a new one is refused (409). */
  maxApisPerTeam: number;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy); off: the socket's address counts. */
  trustProxy: boolean | string[] | TrustHop;
  /** The sandbox's request log: what each deployed API received and answered. */
  requestLog: RequestLogSettings;
  /** How long shutdown waits for requests in flight before cutting their connections (`SHUTDOWN_TIMEOUT`). */
  shutdownDeadlineMs: number;
  /** `/metrics`: off unless `METRICS` is on (open) or `METRICS_TOKEN` is set (a bearer token it asks for). */
  metrics: { enabled: boolean; token?: string };
  /**
   * `OUTBOUND_ALLOW`: addresses that are not public which API Lab, import by URL and the hosted proxy may reach all
   * the same (a self-hosted instance whose services and documents live on its own network); unset: none.
   */
  outboundAllow?: (address: string) => boolean;
  /** How much the import routes may hold at once: documents' bytes, imports per team, a stalled upload. */
  imports: ImportSettings;
}

export interface ImportSettings {
  /**
   * Bytes of import documents held at once across all imports (`IMPORT_MAX_INFLIGHT_BYTES`, default
   * 64 MB), reserved as they arrive and given back once the import is answered; past it: 429.
   */
  maxBytesInFlight: number;
  /** Imports one team may have in progress at once (`IMPORT_MAX_PER_TEAM`, default 4); past it: 429. */
  maxPerTeam: number;
  /** An upload that sends nothing for this long is cut off (`IMPORT_IDLE_TIMEOUT`, default 10s). */
  idleTimeoutMs: number;
}

export function loadImportSettings(env: Env): ImportSettings {
  const idleSeconds = parseDuration(env.IMPORT_IDLE_TIMEOUT ?? '10s');
  if (idleSeconds < 1)
    throw new Error(`IMPORT_IDLE_TIMEOUT must be at least 1s, got "${env.IMPORT_IDLE_TIMEOUT}"`);
  return {
    maxBytesInFlight: parseSize('IMPORT_MAX_INFLIGHT_BYTES', env.IMPORT_MAX_INFLIGHT_BYTES ?? '64mb'),
    maxPerTeam: parseCount('IMPORT_MAX_PER_TEAM', env.IMPORT_MAX_PER_TEAM ?? '4'),
    idleTimeoutMs: idleSeconds * 1000,
  };
}

function loadMetricsSetting(env: Env): Config['metrics'] {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  const enabled = env.METRICS === undefined ? token !== undefined : parseSwitch('METRICS', env.METRICS);
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return enabled ? { enabled: true, token } : { enabled: false };
}

const ZSwitch = z.stringbool({ truthy: ['on', 'true', 'yes', '1'], falsy: ['off', 'false', 'no', '0'] });

/** An on/off setting's value: on, true, yes or 1; off, false, no or 0; in any case. Else undefined. */
function readSwitch(value: string): boolean | undefined {
  const parsed = ZSwitch.safeParse(value.trim());
  return parsed.success ? parsed.data : undefined;
}

/** Reads an on/off setting; any other spelling stops the server, saying which are understood. */
export function parseSwitch(name: string, value: string): boolean {
  const on = readSwitch(value);
  if (on === undefined)
    throw new Error(`${name} must be on or off (or true/false, yes/no, 1/0), got "${value}"`);
  return on;
}

export interface RequestLogSettings {
  /** `REQUEST_LOG=off` records nothing (the log's routes answer an empty log). */
  enabled: boolean;
  /** Entries kept per API, the oldest leaving first (`REQUEST_LOG_ENTRIES`, default 1,000). */
  maxEntries: number;
  /** How long an entry is kept (`REQUEST_LOG_DAYS`, default 7). */
  maxAgeDays: number;
  /** What an entry keeps of each field a caller chooses; past it the field is cut, and the entry says so. */
  fieldCaps: LoggedFieldCaps;
  /** A list's answer stays under this size, the rest on its next page (`REQUEST_LOG_PAGE_BYTES`, 1 MB). */
  pageBytes: number;
  /** Log streams one team may have open at once, its sandbox tokens' included (`REQUEST_LOG_TEAM_STREAMS`, 50). */
  streamsPerTeam: number;
}

export interface LoggedFieldCaps {
  /** `REQUEST_LOG_PATH_CHARS` (1,024) and `REQUEST_LOG_QUERY_CHARS` (1,024). */
  pathChars: number;
  queryChars: number;
  /** A header's name and its value each (`REQUEST_LOG_HEADER_CHARS`, 512), and headers kept (`REQUEST_LOG_HEADERS`, 40). */
  headerChars: number;
  headers: number;
  /** Each body (`REQUEST_LOG_BODY_CHARS`): 16,384, also the most it may be. */
  bodyChars: number;
}

/** The most of a body the log keeps, whatever REQUEST_LOG_BODY_CHARS says: the bound of its queue's memory. */
export const MAX_LOGGED_BODY_CHARS = 16 * 1024;

export function loadRequestLogSettings(env: Env): RequestLogSettings {
  return {
    enabled: parseSwitch('REQUEST_LOG', env.REQUEST_LOG ?? 'on'),
    maxEntries: parseCount('REQUEST_LOG_ENTRIES', env.REQUEST_LOG_ENTRIES ?? '1000'),
    maxAgeDays: parseCount('REQUEST_LOG_DAYS', env.REQUEST_LOG_DAYS ?? '7'),
    fieldCaps: {
      pathChars: parseCount('REQUEST_LOG_PATH_CHARS', env.REQUEST_LOG_PATH_CHARS ?? '1024'),
      queryChars: parseCount('REQUEST_LOG_QUERY_CHARS', env.REQUEST_LOG_QUERY_CHARS ?? '1024'),
      headerChars: parseCount('REQUEST_LOG_HEADER_CHARS', env.REQUEST_LOG_HEADER_CHARS ?? '512'),
      headers: parseCount('REQUEST_LOG_HEADERS', env.REQUEST_LOG_HEADERS ?? '40'),
      bodyChars: parseLoggedBodyChars(env.REQUEST_LOG_BODY_CHARS ?? String(MAX_LOGGED_BODY_CHARS)),
    },
    pageBytes: parseSize('REQUEST_LOG_PAGE_BYTES', env.REQUEST_LOG_PAGE_BYTES ?? '1mb'),
    streamsPerTeam: parseCount('REQUEST_LOG_TEAM_STREAMS', env.REQUEST_LOG_TEAM_STREAMS ?? '50'),
  };
}

function parseLoggedBodyChars(value: string): number {
  const chars = parseCount('REQUEST_LOG_BODY_CHARS', value);
  if (chars > MAX_LOGGED_BODY_CHARS)
    throw new Error(`REQUEST_LOG_BODY_CHARS must be at most ${MAX_LOGGED_BODY_CHARS}, got "${value}"`);
  return chars;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const port = parsePort(env.PORT ?? '8080');
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    jwtSecret: env.JWT_SECRET || loadOrCreateSecret(dataDir),
    jwtTtlSeconds: parseDuration(env.JWT_TTL ?? '24h'),
    tokenTtlSeconds: parseDuration(env.TOKEN_TTL ?? '30d'),
    webDistDir: env.WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL ?? 'info',
    mailFrom: env.MAIL_FROM ?? 'API Sandbox <no-reply@api-sandbox.local>',
    feedbackTo: env.FEEDBACK_TO || undefined,
    ai: env.AI_BASE_URL
      ? {
          baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''),
          apiKey: env.AI_API_KEY || undefined,
          model: env.AI_MODEL || 'gpt-4o-mini',
        }
      : undefined,
    aiRateLimit: parseRateLimit('AI_RATE_LIMIT', env.AI_RATE_LIMIT ?? '30/10m'),
    sandbox: loadSandboxSettings(env, publicUrl),
    maxApisPerTeam: parseCount('API_MAX_PER_TEAM', env.API_MAX_PER_TEAM ?? '200'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestLog: loadRequestLogSettings(env),
    shutdownDeadlineMs: parseDuration(env.SHUTDOWN_TIMEOUT ?? '10s') * 1000,
    metrics: loadMetricsSetting(env),
    outboundAllow: parseOutboundAllow(env.OUTBOUND_ALLOW),
    imports: loadImportSettings(env),
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got "${value}"`);
  return port;
}

/** Accepts `3600`, `90s`, `30m`, `24h` or `7d`. */
export function parseDuration(value: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`Invalid duration "${value}" (use e.g. 3600, 30m, 24h, 7d)`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** `30/10m`: at most 30 in each window of 10 minutes; `off` (or another spelling of off): no limit. */
export function parseRateLimit(name: string, value: string): RateLimit | null {
  const text = value.trim();
  // 0 would read as "no calls" as easily as "no limit": only a word turns the limit off
  if (!/^\d+$/.test(text) && readSwitch(text) === false) return null;
  const match = /^(\d+)\/(\d+[smhd]?)$/.exec(text);
  const limit = match && { max: Number(match[1]), windowSeconds: parseDuration(match[2]) };
  if (!limit || limit.max < 1 || limit.windowSeconds < 1)
    throw new Error(`${name} must be calls/window (e.g. 30/10m) or off, got "${value}"`);
  return limit;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Whether the address `hop` steps from the server is a proxy whose X-Forwarded-For counts. */
type TrustHop = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: on (believe every hop) or off, a hop count, or the
 * comma-separated addresses and CIDR ranges of the proxies in front (or loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string | undefined): boolean | string[] | TrustHop {
  const text = value?.trim() ?? '';
  if (text === '') return false;
  // Fastify 5 reads a bare number as "trust nobody"; a function gives it the count's usual meaning.
  // A number is a count here, so 1 is one hop, not "on".
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const switched = readSwitch(text);
  if (switched !== undefined) return switched;
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!PROXY_RANGE_NAMES.includes(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry))
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an address or CIDR range (use true, a hop count, or e.g. 10.0.0.0/8,::1)`,
      );
  }
  return entries;
}

/** `10.0.0.0/8,192.168.1.20,fd00::/8`: the addresses a list of addresses and CIDR ranges holds. */
export function parseOutboundAllow(value: string | undefined): ((address: string) => boolean) | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const ranges = text.split(',').map((entry) => {
    const range = entry.trim();
    if (ipaddr.isValidCIDR(range)) return ipaddr.parseCIDR(range);
    if (ipaddr.isValid(range)) {
      const address = ipaddr.process(range);
      return [address, address.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
    }
    throw new Error(
      `OUTBOUND_ALLOW: "${range}" is not an address or CIDR range (use e.g. 10.0.0.0/8,fd00::/8)`,
    );
  });
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    // an IPv4 address written as IPv6 (::ffff:10.1.2.3) is the IPv4 one
    const parsed = ipaddr.process(address);
    return ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
  };
}

export interface SandboxSettings {
  /** What deployed APIs' addresses start with: `SANDBOX_URL`, else `PUBLIC_URL`. */
  url: string;
  /**
   * Records one API may store, and bytes of record text (writes beyond answer 507). Defaults 10,000
   * and 50 MB: mock data, not a database; memory does not grow with them (lists are paged, caches
   * capped), so they bound the disk an API takes.
   */
  maxRecords: number;
  maxBytes: number;
  /**
   * Bytes of request bodies held at once across all sandbox requests (beyond: 503). Default 8 MB:
   * bodies that arrive together are decoded, parsed and checked in one turn of the event loop (about
   * 20 ms per MB on a laptop core), so this bounds that pause as well as the memory.
   */
  maxBodyBytesInFlight: number;
  /**
   * Of those, what one client address may hold (default a quarter): a few sockets of one caller
   * cannot take the whole allowance from everyone else.
   */
  maxBodyBytesPerClient: number;
  /** A request body that sends nothing for this long is answered 408 (default 5 s). */
  bodyIdleMs: number;
  /** Deployed APIs kept compiled in memory (default 100), the least recently called leaving first. */
  compiledApis: number;
}

function loadSandboxSettings(env: Env, publicUrl: string): SandboxSettings {
  const url = env.SANDBOX_URL?.replace(/\/+$/, '') || publicUrl;
  if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(url) || !URL.canParse(url))
    throw new Error(
      `SANDBOX_URL must be an http(s) address such as http://sandbox.localhost:8080, got "${url}"`,
    );
  const maxBodyBytesInFlight = parseSize(
    'SANDBOX_MAX_INFLIGHT_BYTES',
    env.SANDBOX_MAX_INFLIGHT_BYTES ?? '8mb',
  );
  return {
    url,
    maxRecords: parseCount('SANDBOX_MAX_RECORDS', env.SANDBOX_MAX_RECORDS ?? '10000'),
    maxBytes: parseSize('SANDBOX_MAX_BYTES', env.SANDBOX_MAX_BYTES ?? '50mb'),
    maxBodyBytesInFlight,
    maxBodyBytesPerClient: env.SANDBOX_MAX_INFLIGHT_BYTES_PER_CLIENT
      ? parseSize('SANDBOX_MAX_INFLIGHT_BYTES_PER_CLIENT', env.SANDBOX_MAX_INFLIGHT_BYTES_PER_CLIENT)
      : Math.ceil(maxBodyBytesInFlight / 4),
    bodyIdleMs: parseDuration(env.SANDBOX_BODY_TIMEOUT ?? '5s') * 1000,
    compiledApis: parseCount('SANDBOX_COMPILED_APIS', env.SANDBOX_COMPILED_APIS ?? '100'),
  };
}

function parseCount(name: string, value: string): number {
  const count = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || count < 1)
    throw new Error(`${name} must be a whole number from 1, got "${value}"`);
  return count;
}

/** Accepts bytes (`1048576`) or `kb`, `mb`, `gb` (of 1024). */
export function parseSize(name: string, value: string): number {
  const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match?.[2] ?? 'b').toLowerCase() as 'b'];
  if (!match || Number(match[1]) < 1)
    throw new Error(`${name} must be a size such as 50mb or 1048576, got "${value}"`);
  return Number(match[1]) * unit;
}

// Without JWT_SECRET, a secret is generated once and kept in the data directory so sessions survive restarts.
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
