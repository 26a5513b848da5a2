import { parseArgs } from 'node:util';

// `api-sandbox mock <document>`: Prism's flags, with Prism's aliases and defaults, and ours beside them.

export interface MockFlags {
  document: string;
  port: number;
  host: string;
  cors: boolean;
  dynamic: boolean;
  seed?: number;
  ignoreExamples: boolean;
  errors: boolean;
  verboseLevel: string;
  stateful: boolean;
  data?: string;
  watch: boolean;
  mounts: { prefix: string; document: string }[];
  logFormat: 'text' | 'json';
  logFile?: string;
  failOn?: 'request' | 'response' | 'any';
  report?: string;
}

/** `api-sandbox proxy <document> <upstream>`: mock's flags, and Prism's two of the proxy. */
export interface ProxyFlags extends MockFlags {
  upstream: URL;
  /** Prism's --validate-request (true): without it, only the security requirement is checked. */
  validateRequest: boolean;
  /** Prism's --upstream-proxy: an http(s) proxy the upstream is reached through. */
  upstreamProxy?: URL;
}

export class UsageError extends Error {}

export const USAGE = `Usage: api-sandbox mock <document> [options]

Mocks an OpenAPI 2.0/3.0/3.1 document (JSON or YAML, a path or an http(s) URL) or a Postman collection.

Options (Prism's):
  -p, --port <number>          port to listen on (4010)
  -h, --host <host>            host to listen on (127.0.0.1)
      --cors                   CORS headers on every answer (true; --cors=false turns them off)
  -d, --dynamic                generate values instead of answering examples
      --seed <value>           the seed generated values are drawn from
      --ignoreExamples         answer generated values even where the document has examples
      --errors                 an answer that breaks its own schema becomes a 500 listing why
  -v, --verboseLevel <level>   trace, debug, info, warn, error, fatal or silent (info)
  -m, --multiprocess           accepted for Prism's sake; one process serves
Options (api-sandbox's own):
      --stateful               POST, PUT, PATCH and DELETE change records GET answers
      --data <records.json>    records to start from ({ "collection": [records] }); implies --stateful
      --watch                  reload the document when it changes (true; --watch=false turns it off)
      --mount <prefix=document>  mock another document under a path prefix (repeatable)
      --log-format <text|json> how each call is logged (text)
      --log-file <calls.jsonl> also append each call as a JSON line
      --fail-on <request|response|any>  exit 1 at the end when calls broke the document
      --report <junit.xml>     write the calls as a JUnit report at the end

Usage: api-sandbox proxy <document> <upstream> [options]

Forwards each call to <upstream> (an http(s) URL) and checks the request and the upstream's answer
against the document: violations in the sl-violations header and the log. Takes mock's options, and:
      --errors                 refuse an unknown route (404) and an invalid request (401, 422) without
                               forwarding; an answer that breaks the document becomes a 500 listing why
      --validate-request       check requests against the document (true; --validate-request=false
                               checks only their security)
      --upstream-proxy <url>   reach the upstream through this http proxy (http://user:pass@host:port)`;

const BOOLEANS = new Set([
  'json-schema-faker-fillProperties',
  'jsonSchemaFakerFillProperties',
  'cors',
  'dynamic',
  'ignoreExamples',
  'errors',
  'multiprocess',
  'stateful',
  'watch',
  'validate-request',
]);
const DEFAULT_TRUE = new Set(['cors', 'watch']);

/**
 * yargs (Prism's parser) takes `--cors=false` and `--no-cors` for a boolean; node's parseArgs takes
 * neither, so they are read here and the rest left to it.
 */
function splitNegations(args: string[]): { rest: string[]; set: Map<string, boolean> } {
  const set = new Map<string, boolean>();
  const rest: string[] = [];
  for (const arg of args) {
    const explicit = /^--([A-Za-z-]+)=(true|false)$/.exec(arg);
    const negated = /^--no-([A-Za-z-]+)$/.exec(arg);
    if (explicit && BOOLEANS.has(explicit[1])) set.set(explicit[1], explicit[2] === 'true');
    else if (negated && BOOLEANS.has(negated[1])) set.set(negated[1], false);
    else rest.push(arg);
  }
  return { rest, set };
}

/** A command's flags and arguments, and the booleans turned off with `--flag=false` or `--no-flag`. */
function parseCommand(args: string[]) {
  const { rest, set } = splitNegations(args);
  try {
    return { ...parse(rest), set };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

export function readMockFlags(args: string[]): MockFlags {
  const { values, positionals, set } = parseCommand(args);
  if (positionals.length !== 1)
    throw new UsageError('Give one document to mock: api-sandbox mock <document>');
  for (const proxyOnly of ['validate-request', 'upstream-proxy'] as const)
    if (values[proxyOnly] !== undefined || set.has(proxyOnly))
      throw new UsageError(`--${proxyOnly} is for proxy only`);
  return flagsOf(values, positionals[0], set);
}

/** `proxy <document> <upstream>`: an upstream that is not an http(s) URL stops the program (as Prism's). */
export function readProxyFlags(args: string[]): ProxyFlags {
  const { values, positionals, set } = parseCommand(args);
  if (positionals.length !== 2)
    throw new UsageError('Give a document and an upstream: api-sandbox proxy <document> <upstream>');
  if (values.mount !== undefined) throw new UsageError('--mount is for mock only');
  const upstream = urlOf(positionals[1], 'upstream URL');
  const proxy = values['upstream-proxy'];
  return {
    ...flagsOf(values, positionals[0], set),
    upstream,
    validateRequest: set.get('validate-request') ?? values['validate-request'] ?? true,
    upstreamProxy: proxy === undefined ? undefined : urlOf(proxy, 'upstream proxy URL'),
  };
}

function urlOf(text: string, what: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new Error(`Invalid ${what} provided: ${text}`);
  return url;
}

function flagsOf(
  values: ReturnType<typeof parse>['values'],
  document: string,
  set: Map<string, boolean>,
): MockFlags {
  const flag = (name: string) =>
    set.get(name) ?? (values[name as keyof typeof values] as boolean | undefined);
  const port = Number(values.port ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`Invalid port: ${values.port}`);
  const verboseLevel = values.verboseLevel ?? 'info';
  if (!LEVELS.has(verboseLevel)) throw new UsageError(`Invalid verboseLevel: ${verboseLevel}`);
  const logFormat = values['log-format'] ?? 'text';
  if (logFormat !== 'text' && logFormat !== 'json') throw new UsageError(`Invalid log-format: ${logFormat}`);
  const failOn = values['fail-on'];
  if (failOn !== undefined && failOn !== 'request' && failOn !== 'response' && failOn !== 'any')
    throw new UsageError(`Invalid fail-on: ${failOn}`);
  const mounts = (values.mount ?? []).map((mount) => {
    const equals = mount.indexOf('=');
    if (equals <= 0 || !mount.startsWith('/'))
      throw new UsageError(`Invalid mount: ${mount} (/prefix=document)`);
    return { prefix: mount.slice(0, equals).replace(/\/+$/, ''), document: mount.slice(equals + 1) };
  });
  const seed = values.seed === undefined ? undefined : seedOf(values.seed);
  return {
    document,
    port,
    host: values.host ?? '127.0.0.1',
    cors: flag('cors') ?? DEFAULT_TRUE.has('cors'),
    dynamic: flag('dynamic') ?? false,
    seed,
    ignoreExamples: flag('ignoreExamples') ?? false,
    errors: flag('errors') ?? false,
    verboseLevel,
    stateful: (flag('stateful') ?? false) || values.data !== undefined,
    data: values.data,
    watch: flag('watch') ?? DEFAULT_TRUE.has('watch'),
    mounts,
    logFormat,
    logFile: values['log-file'],
    failOn,
    report: values.report,
  };
}

/** Prism takes any text as a seed; the engine draws from a number, so text is hashed into one. */
function seedOf(text: string): number {
  if (/^-?\d+$/.test(text)) return Number(text);
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string', short: 'h' },
      cors: { type: 'boolean' },
      dynamic: { type: 'boolean', short: 'd' },
      seed: { type: 'string' },
      ignoreExamples: { type: 'boolean' },
      errors: { type: 'boolean' },
      verboseLevel: { type: 'string', short: 'v' },
      multiprocess: { type: 'boolean', short: 'm' },
      jsonSchemaFakerFillProperties: { type: 'boolean' },
      'json-schema-faker-fillProperties': { type: 'boolean' },
      stateful: { type: 'boolean' },
      data: { type: 'string' },
      watch: { type: 'boolean' },
      mount: { type: 'string', multiple: true },
      'log-format': { type: 'string' },
      'log-file': { type: 'string' },
      'fail-on': { type: 'string' },
      report: { type: 'string' },
      'validate-request': { type: 'boolean' },
      'upstream-proxy': { type: 'string' },
    },
  });
}
