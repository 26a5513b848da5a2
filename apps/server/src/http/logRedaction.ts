import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

// Path parameters that are secrets or personal data: the verification link's token, the address or
// user name typed into the forgotten-password and resend-link forms, and the sandbox key (whoever
// holds the URL of an API without tokens may call it).
const SECRET_PARAMETERS = [
  /^(\/api\/v1\/auth\/verification\/)[^/?]+/i,
  /^(\/api\/v1\/auth\/forgetPassword\/)[^/?]+/i,
  /^(\/api\/v1\/auth\/resendVerificationLink\/)[^/?]+/i,
  /^(\/sandbox\/)[^/?]+/i,
];

/** Query parameters whose value is a credential, whatever route they reach. */
const SECRET_QUERY_NAME = /token|secret|password|key|code|jwt|auth|session|sig|mail/i;

/** An e-mail address, raw or percent-encoded, anywhere in a path segment or a query value. */
const ADDRESS = /@|%40/i;

/** The request URL as it may be logged: secrets and addresses replaced, everything else kept. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  let path = mark < 0 ? url : url.slice(0, mark);
  for (const pattern of SECRET_PARAMETERS) path = path.replace(pattern, `$1${REDACTED}`);
  path = path
    .split('/')
    .map((segment) => (ADDRESS.test(segment) ? REDACTED : segment))
    .join('/');
  if (mark < 0) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=', 2);
      const secret = value !== undefined && (SECRET_QUERY_NAME.test(name) || ADDRESS.test(value));
      return secret ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's logger with secrets kept out: request URLs pass through redactUrl, and credential headers
 * are censored wherever a log line includes headers.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: {
      paths: ['authorization', 'cookie', 'set-cookie', 'x-api-key'].flatMap((name) => [
        `headers["${name}"]`,
        `*.headers["${name}"]`,
      ]),
      censor: REDACTED,
    },
  };
}
