import { randomBytes } from 'node:crypto';
import type {
  DeclaredOperation,
  LabCredential,
  LabCredentials,
  SecurityRequirement,
  SecurityScheme,
} from '@sandbox/contracts';
import type { Problem } from './problem.js';
import { type ProblemDetails, problem } from './problem.js';

/**
 * The document's own security (OpenAPI `security` and `components.securitySchemes`), compiled once per
 * endpoint into a check that a request carries the credentials each scheme names: AND inside one
 * requirement object, OR between them. A presence check, as Prism does: a well-formed credential passes,
 * whatever its value, so the API Lab can fill one that passes (credentialsToFill).
 */

export interface SecurityInput {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
}

export interface SecurityRefusal {
  status: 401 | 403;
  headers?: Record<string, string>;
  body: ProblemDetails;
  /** The challenge as Prism words it (`Basic realm="*"`, `OAuth2`), for a mock answering as Prism does. */
  prismChallenge?: string;
}

/**
 * Answers null when the request may go on, else the refusal. `vouched`: the product's own token already
 * proved the Authorization header (the API requires its sandbox tokens), so every scheme that travels in
 * Authorization counts as carried; API keys are still looked for.
 */
export type SecurityCheck = (input: SecurityInput, vouched: boolean) => SecurityRefusal | null;

export interface CompiledSecurity {
  /** Absent when nothing needs checking: no requirement, or one that every request meets. */
  check?: SecurityCheck;
  /** What the document asks that cannot be checked, said once at compile time. */
  notes: string[];
}

const SATISFIED = 0;
const MISSING = 1;
const MALFORMED = 2;
type Outcome = typeof SATISFIED | typeof MISSING | typeof MALFORMED;

interface Credential {
  /** The security scheme, as the document names it. */
  scheme: string;
  readsAuthorization: boolean;
  /** The WWW-Authenticate challenge that asks for it (RFC 9110 §11.6.1). */
  challenge: string;
  read(input: SecurityInput): Outcome;
  missing: Problem;
  malformed: Problem;
  /** Prism's challenge for the scheme (prism-http's security handlers); none for an API key. */
  prismChallenge?: string;
  /** Where a credential this check takes goes, and one; absent when none can be made up (digest). */
  sample?: Omit<LabCredential, 'scheme'>;
}

/**
 * Compiles the effective requirements of one operation (its own `security`, else the document's; `[]`
 * or an empty requirement `{}` opts out). `forbiddenDeclared`: the operation declares a 403 response,
 * which then answers a credential that is present but malformed.
 */
export function compileSecurity(
  requirements: SecurityRequirement[] | undefined,
  schemes: Record<string, SecurityScheme>,
  options: { forbiddenDeclared: boolean },
): CompiledSecurity {
  const notes: string[] = [];
  const alternatives = alternativesOf(requirements, schemes, notes);
  return alternatives ? { check: checkOf(alternatives, options.forbiddenDeclared), notes } : { notes };
}

/**
 * spec §4 API Lab: credentials this operation's check takes, for the first requirement whose every
 * scheme can be filled; else those of the first requirement that can be, with what it still needs.
 * Undefined when the operation asks for nothing.
 */
export function credentialsToFill(
  requirements: SecurityRequirement[] | undefined,
  schemes: Record<string, SecurityScheme>,
): LabCredentials | undefined {
  const fillings = alternativesOf(requirements, schemes, [])?.map(fillingOf);
  return fillings && (fillings.find((f) => f.missing.length === 0) ?? fillings[0]);
}

const placeOf = (c: Omit<LabCredential, 'scheme'>) => `${c.in} ${c.name.toLowerCase()}`;

/** One requirement's samples; two schemes wanting one place (Basic and Bearer) cannot both be met. */
function fillingOf(credentials: Credential[]): LabCredentials {
  const filled: LabCredential[] = [];
  const missing: string[] = [];
  for (const { scheme, sample, missing: needed } of credentials) {
    if (sample && !filled.some((f) => placeOf(f) === placeOf(sample))) filled.push({ scheme, ...sample });
    else missing.push(needed.message);
  }
  return { filled, missing };
}

/** The credentials each alternative asks for; null when one asks for nothing: the operation is open. */
function alternativesOf(
  requirements: SecurityRequirement[] | undefined,
  schemes: Record<string, SecurityScheme>,
  notes: string[],
): Credential[][] | null {
  if (!requirements?.length) return null;
  const alternatives: Credential[][] = [];
  for (const requirement of requirements) {
    const credentials: Credential[] = [];
    for (const [name, scopes] of Object.entries(requirement)) {
      const declared = Object.hasOwn(schemes, name) ? schemes[name] : undefined;
      if (!declared) {
        notes.push(`security scheme "${name}" is not declared in components.securitySchemes: not checked`);
        continue;
      }
      const credential = credentialOf(name, declared, scopes, notes);
      if (credential) credentials.push({ ...credential, prismChallenge: prismChallengeOf(declared) });
    }
    // nothing left to ask for: this alternative is met by every request, so the operation is open
    if (credentials.length === 0) return null;
    alternatives.push(credentials);
  }
  return alternatives;
}

function checkOf(alternatives: Credential[][], forbiddenDeclared: boolean): SecurityCheck {
  const challenges = [...new Set(alternatives.flat().map((c) => c.challenge))].join(', ');
  const meets = (credentials: Credential[], input: SecurityInput, vouched: boolean) => {
    for (const c of credentials) {
      if (!(vouched && c.readsAuthorization) && c.read(input) !== SATISFIED) return false;
    }
    return true;
  };
  return (input, vouched) => {
    for (const credentials of alternatives) if (meets(credentials, input, vouched)) return null;
    return refusal(alternatives, input, vouched, forbiddenDeclared, challenges);
  };
}

/** Only a refused request pays for this: it reads each credential again to say what is wrong. */
function refusal(
  alternatives: Credential[][],
  input: SecurityInput,
  vouched: boolean,
  forbiddenDeclared: boolean,
  challenges: string,
): SecurityRefusal {
  const wanted: string[] = [];
  const missing: Problem[] = [];
  const malformed: Problem[] = [];
  for (const credentials of alternatives) {
    const unmet = credentials.filter(
      (c) => !(vouched && c.readsAuthorization) && c.read(input) !== SATISFIED,
    );
    wanted.push(unmet.map((c) => c.missing.message).join(' and '));
    for (const c of unmet) {
      const [problems, found] = c.read(input) === MALFORMED ? [malformed, c.malformed] : [missing, c.missing];
      if (!problems.includes(found)) problems.push(found);
    }
  }
  if (forbiddenDeclared && malformed.length > 0) {
    return {
      status: 403,
      body: problem(403, 'Forbidden', `The credentials sent are malformed: ${list(malformed)}`, malformed),
    };
  }
  const detail =
    wanted.length === 1
      ? `This operation needs ${wanted[0]}`
      : `This operation needs one of: ${wanted.map((w, i) => `(${i + 1}) ${w}`).join('; ')}`;
  // Prism challenges only for a credential not sent at all: a malformed one is refused without
  const prismChallenge = [
    ...new Set(
      alternatives
        .flat()
        .flatMap((c) => (c.prismChallenge && missing.includes(c.missing) ? [c.prismChallenge] : [])),
    ),
  ].join(',');
  return {
    status: 401,
    headers: { 'www-authenticate': challenges },
    ...(prismChallenge && { prismChallenge }),
    body: problem(401, 'Unauthorized', detail, [...malformed, ...missing]),
  };
}

const list = (problems: Problem[]) => problems.map((p) => p.message).join('; ');

function prismChallengeOf(declared: SecurityScheme): string | undefined {
  if (declared.type === 'oauth2' || declared.type === 'openIdConnect') return 'OAuth2';
  if (declared.type !== 'http') return undefined;
  const scheme = declared.scheme.toLowerCase();
  if (scheme === 'basic') return 'Basic realm="*"';
  if (scheme === 'digest') return 'Digest realm="*", nonce="abc123"';
  return 'Bearer';
}

function credentialOf(
  name: string,
  declared: SecurityScheme,
  scopes: string[],
  notes: string[],
): Credential | undefined {
  const realm = `realm=${quoted(name)}`;
  switch (declared.type) {
    case 'apiKey':
      return apiKeyCredential(name, declared, realm);
    case 'http':
      if (declared.scheme === 'basic') return basicCredential(name, realm);
      if (declared.scheme === 'bearer') return bearerCredential(name, 'a bearer token', `Bearer ${realm}`);
      if (declared.scheme === 'digest') return digestCredential(name, realm);
      if (TOKEN.test(declared.scheme)) return otherHttpCredential(name, declared.scheme, realm);
      notes.push(`security scheme "${name}" has no usable HTTP scheme name: not checked`);
      return undefined;
    case 'oauth2': {
      const scope = scopes.length ? `, scope=${quoted(scopes.join(' '))}` : '';
      return bearerCredential(name, 'an OAuth 2 access token', `Bearer ${realm}${scope}`);
    }
    case 'openIdConnect':
      return bearerCredential(name, 'an OpenID Connect token', `Bearer ${realm}`);
    case 'mutualTLS':
      notes.push(`security scheme "${name}" is mutual TLS, which the sandbox cannot see: taken as met`);
      return undefined;
  }
}

function apiKeyCredential(
  name: string,
  declared: Extract<SecurityScheme, { type: 'apiKey' }>,
  realm: string,
): Credential {
  const { name: key, in: where } = declared;
  const header = key.toLowerCase();
  const read: Credential['read'] =
    where === 'header'
      ? (input) => (carries(input.headers[header]) ? SATISFIED : MISSING)
      : where === 'query'
        ? (input) => (carries(input.query[key]) ? SATISFIED : MISSING)
        : (input) => (cookieCarries(input.headers.cookie, key) ? SATISFIED : MISSING);
  const place =
    where === 'header' ? `the ${key} header` : where === 'query' ? `query parameter ${key}` : `cookie ${key}`;
  const missing = { location: `${where}.${key}`, message: `an API key in ${place} (${name})` };
  return {
    scheme: name,
    readsAuthorization: false,
    // not a registered scheme: it tells a client where the key goes (Prism sends no challenge for it)
    challenge: `ApiKey ${realm}, in=${quoted(where)}, name=${quoted(key)}`,
    read,
    missing,
    malformed: missing,
    sample: { in: where, name: key, value: SAMPLE_API_KEY },
  };
}

/** One value, non-empty: `?key=` or an empty header carries no credential. */
function carries(value: string | string[] | undefined): boolean {
  if (typeof value === 'string') return value !== '';
  return value?.some((v) => v !== '') ?? false;
}

function cookieCarries(cookie: string | string[] | undefined, name: string): boolean {
  if (typeof cookie !== 'string') return false;
  for (const pair of cookie.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name && pair.slice(equals + 1).trim() !== '')
      return true;
  }
  return false;
}

// What the Lab fills: the check looks for a well-formed credential, whatever its value.
const SAMPLE_API_KEY = 'sandbox-api-key';
const SAMPLE_BEARER_TOKEN = 'sandbox-token';
const SAMPLE_BASIC_CREDENTIALS = Buffer.from('user:password').toString('base64');

/** Longer credentials are refused unread: real ones, a large JWT included, are a few KB at most. */
const MAX_CREDENTIALS_LENGTH = 8192;

/** `Authorization: <scheme> <credentials>`, the scheme's name in any case (RFC 9110 §11.1). */
function authorizationCredential(
  name: string,
  scheme: string,
  challenge: string,
  what: string,
  malformedWhy: string,
  wellFormed: (credentials: string) => boolean,
  sample?: string,
): Credential {
  // the scheme's name, then whitespace or the end: read once per request, no split
  const sent = new RegExp(`^[ \\t]*${scheme.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[ \\t]|$)`, 'i');
  return {
    scheme: name,
    readsAuthorization: true,
    challenge,
    read(input) {
      const header = input.headers.authorization;
      if (typeof header !== 'string' || !sent.test(header)) return MISSING;
      if (header.length > MAX_CREDENTIALS_LENGTH) return MALFORMED;
      return wellFormed(header.trim().slice(scheme.length).trim()) ? SATISFIED : MALFORMED;
    },
    missing: { location: 'header.authorization', message: `${what} in Authorization: ${scheme} (${name})` },
    malformed: {
      location: 'header.authorization',
      message: `Authorization: ${scheme} ${malformedWhy} (${name})`,
    },
    ...(sample !== undefined && {
      sample: { in: 'header', name: 'Authorization', value: `${scheme} ${sample}` },
    }),
  };
}

/** RFC 9110 token: what an auth-scheme name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function basicCredential(name: string, realm: string): Credential {
  return authorizationCredential(
    name,
    'Basic',
    `Basic ${realm}`,
    'a user and password',
    'must carry base64 of user:password',
    // RFC 7617: base64 of user-id ":" password; the password may hold colons, the user-id may not
    (rest) => BASE64.test(rest) && Buffer.from(rest, 'base64').toString('latin1').includes(':'),
    SAMPLE_BASIC_CREDENTIALS,
  );
}

function bearerCredential(name: string, what: string, challenge: string): Credential {
  return authorizationCredential(
    name,
    'Bearer',
    challenge,
    what,
    'must carry a token (RFC 6750)',
    (rest) => TOKEN68.test(rest),
    SAMPLE_BEARER_TOKEN,
  );
}

const DIGEST_PARAMETERS = ['username', 'realm', 'nonce', 'uri', 'response'];

function digestCredential(name: string, realm: string): Credential {
  // a presence check: any nonce the client answers with is taken, so one per compilation is enough
  const nonce = randomBytes(16).toString('hex');
  return authorizationCredential(
    name,
    'Digest',
    `Digest ${realm}, qop="auth", nonce="${nonce}", algorithm=SHA-256`,
    'digest credentials',
    `must carry ${DIGEST_PARAMETERS.join(', ')} (RFC 7616)`,
    (rest) => {
      const given = authParameterNames(rest);
      return DIGEST_PARAMETERS.every((p) => given.has(p));
    },
  );
}

const TOKEN_CHAR = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;

/**
 * The names of `name=value` auth-params (RFC 9110 §11.2), in lower case, read in one pass over the
 * text: a regular expression that looks for `name =` from every position takes quadratic time on a
 * long run of name characters with no `=`, and any caller may send one.
 */
export function authParameterNames(text: string): Set<string> {
  const names = new Set<string>();
  let at = 0;
  const skip = (chars: string) => {
    while (at < text.length && chars.includes(text[at])) at++;
  };
  while (at < text.length) {
    skip(' \t,');
    const start = at;
    while (at < text.length && TOKEN_CHAR.test(text[at])) at++;
    const name = text.slice(start, at);
    skip(' \t');
    if (name !== '' && text[at] === '=') {
      names.add(name.toLowerCase());
      at++;
      skip(' \t');
      if (text[at] === '"') {
        // a quoted-string: up to the closing quote, a backslash escaping the next character
        for (at++; at < text.length && text[at] !== '"'; at++) if (text[at] === '\\') at++;
        at++;
      }
    }
    // the rest of this parameter (or of whatever is not one), up to the next comma
    while (at < text.length && text[at] !== ',') at++;
  }
  return names;
}

function otherHttpCredential(name: string, scheme: string, realm: string): Credential {
  return authorizationCredential(
    name,
    scheme,
    `${scheme} ${realm}`,
    'credentials',
    'must carry credentials after the scheme',
    (rest) => rest !== '',
  );
}

/** RFC 9110 quoted-string, of printable ASCII only: the header must be writable whatever the document says. */
function quoted(text: string): string {
  return `"${text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * The check of each operation of one API, compiled once per distinct requirement list: most operations
 * share the document's. None for an operation that declares no security: such a request pays nothing.
 */
export function securityCompiler(schemes: Record<string, SecurityScheme>) {
  const compiled = new Map<string, SecurityCheck | undefined>();
  return (operation: DeclaredOperation | null): SecurityCheck | undefined => {
    if (!operation?.security?.length) return undefined;
    const forbiddenDeclared = '403' in operation.responses;
    const key = `${forbiddenDeclared} ${JSON.stringify(operation.security)}`;
    if (!compiled.has(key)) {
      compiled.set(key, compileSecurity(operation.security, schemes, { forbiddenDeclared }).check);
    }
    return compiled.get(key);
  };
}
