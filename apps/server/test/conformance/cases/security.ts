// Security schemes (issue 13, part 5): the document's `security` and `securitySchemes` are checked for
// the presence of well-formed credentials, after the product's own sandbox tokens.

import type { ConformanceCase } from '../runConformance.js';

const ok = { description: 'ok', content: { 'application/json': { example: { ok: true } } } };
const secured = (security: object[], extra: object = {}) => ({ security, responses: { 200: ok }, ...extra });

/** Every kind of scheme, one path each. */
const schemes = {
  openapi: '3.1.0',
  info: { title: 'Security schemes', version: '1.0' },
  components: {
    securitySchemes: {
      headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
      basicAuth: { type: 'http', scheme: 'basic' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      digestAuth: { type: 'http', scheme: 'digest' },
      tokenAuth: { type: 'http', scheme: 'Token' },
      oauth: {
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: 'https://example.com/token', scopes: { 'read:pets': 'read pets' } },
        },
      },
      oidc: {
        type: 'openIdConnect',
        openIdConnectUrl: 'https://example.com/.well-known/openid-configuration',
      },
      mtls: { type: 'mutualTLS' },
    },
  },
  paths: {
    '/header-key': { get: secured([{ headerKey: [] }]) },
    '/query-key': { get: secured([{ queryKey: [] }]) },
    '/cookie-key': { get: secured([{ cookieKey: [] }]) },
    '/basic': { get: secured([{ basicAuth: [] }]) },
    '/basic-forbidden': {
      get: secured([{ basicAuth: [] }], { responses: { 200: ok, 403: { description: 'Forbidden' } } }),
    },
    '/bearer': { get: secured([{ bearerAuth: [] }]) },
    '/digest': { get: secured([{ digestAuth: [] }]) },
    '/token-scheme': { get: secured([{ tokenAuth: [] }]) },
    '/oauth': { get: secured([{ oauth: ['read:pets'] }]) },
    '/oidc': { get: secured([{ oidc: [] }]) },
    '/mtls': { get: secured([{ mtls: [] }]) },
    '/and': { get: secured([{ headerKey: [], queryKey: [] }]) },
    '/or': { get: secured([{ basicAuth: [] }, { headerKey: [] }]) },
    '/optional': { get: secured([{ headerKey: [] }, {}]) },
    '/undeclared': { get: secured([{ nowhere: [] }]) },
    '/validated': {
      get: secured([{ headerKey: [] }], {
        parameters: [{ name: 'limit', in: 'query', required: true, schema: { type: 'integer' } }],
      }),
    },
    '/declared-401': {
      get: secured([{ headerKey: [] }], {
        responses: {
          200: ok,
          401: { description: 'no key', content: { 'application/json': { example: { error: 'no key' } } } },
        },
      }),
    },
  },
};

/** Security declared once for the document, overridden or opted out of by operations. */
const documentLevel = {
  openapi: '3.0.3',
  info: { title: 'Document security', version: '1.0' },
  security: [{ headerKey: [] }],
  components: {
    securitySchemes: {
      headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
    },
  },
  paths: {
    '/inherits': { get: { responses: { 200: ok } } },
    '/overrides': { get: secured([{ queryKey: [] }]) },
    '/opts-out': { get: secured([]) },
  },
};

const swagger2 = {
  swagger: '2.0',
  info: { title: 'Swagger 2 security', version: '1.0' },
  produces: ['application/json'],
  securityDefinitions: {
    basicAuth: { type: 'basic' },
    token: { type: 'apiKey', in: 'query', name: 'token' },
    petstore_auth: {
      type: 'oauth2',
      flow: 'implicit',
      authorizationUrl: 'https://example.com/oauth/dialog',
      scopes: { 'write:pets': 'modify pets' },
    },
  },
  security: [{ basicAuth: [] }],
  paths: {
    '/reports': {
      get: { responses: { 200: { description: 'ok' } } },
      post: { security: [{ token: [] }], responses: { 201: { description: 'made' } } },
    },
    '/pets': {
      put: { security: [{ petstore_auth: ['write:pets'] }], responses: { 200: { description: 'ok' } } },
    },
    '/public': { get: { security: [], responses: { 200: { description: 'ok' } } } },
  },
};

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
const get = (path: string, headers?: Record<string, string>) => ({ method: 'GET', path, headers });
const answered = { status: 200, body: { ok: true } };
const challenge = (value: string | RegExp) => ({ 'www-authenticate': value });

const apiKeyCases: ConformanceCase[] = [
  {
    name: 'an API key in its header lets the request through',
    document: schemes,
    request: get('/header-key', { 'X-API-Key': 'k-123' }),
    expect: answered,
  },
  {
    name: 'a missing header key answers 401 with a problem naming the header and a challenge saying where',
    document: schemes,
    request: get('/header-key'),
    expect: {
      status: 401,
      headers: {
        ...challenge('ApiKey realm="headerKey", in="header", name="X-API-Key"'),
        'content-type': /^application\/problem\+json/,
      },
      body: {
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'This operation needs an API key in the X-API-Key header (headerKey)',
        errors: [{ location: 'header.X-API-Key', message: 'an API key in the X-API-Key header (headerKey)' }],
      },
    },
    prism:
      'Prism sends no WWW-Authenticate for an API key; RFC 9110 wants a challenge with every 401, so we send a non-standard ApiKey one that says where the key goes',
  },
  {
    name: 'an empty header key counts as none',
    document: schemes,
    request: get('/header-key', { 'X-API-Key': '' }),
    expect: { status: 401 },
  },
  {
    name: 'an API key in its query parameter lets the request through',
    document: schemes,
    request: get('/query-key?api_key=k-123'),
    expect: answered,
  },
  {
    name: 'a query key sent as a header does not count',
    document: schemes,
    request: get('/query-key', { api_key: 'k-123' }),
    expect: { status: 401, headers: challenge('ApiKey realm="queryKey", in="query", name="api_key"') },
  },
  {
    name: 'an empty query key counts as none',
    document: schemes,
    request: get('/query-key?api_key='),
    expect: { status: 401 },
  },
  {
    name: 'an API key in its cookie lets the request through',
    document: schemes,
    request: get('/cookie-key', { cookie: 'theme=dark; session=abc' }),
    expect: answered,
  },
  {
    name: 'a cookie whose name only ends with the key name does not count',
    document: schemes,
    request: get('/cookie-key', { cookie: 'oldsession=abc' }),
    expect: { status: 401, headers: challenge('ApiKey realm="cookieKey", in="cookie", name="session"') },
    prism: 'Prism tests the cookie header with a regular expression and takes oldsession=abc for session',
  },
];

const httpCases: ConformanceCase[] = [
  {
    name: 'HTTP Basic with base64 of user:password lets the request through',
    document: schemes,
    request: get('/basic', { authorization: basic('ann:s3cret') }),
    expect: answered,
  },
  {
    name: 'HTTP Basic whose password holds a colon lets the request through',
    document: schemes,
    request: get('/basic', { authorization: basic('ann:s3:cret') }),
    expect: answered,
    prism: 'Prism wants exactly one colon; RFC 7617 lets the password hold colons',
  },
  {
    name: 'a missing Authorization answers 401 asking for Basic',
    document: schemes,
    request: get('/basic'),
    expect: { status: 401, headers: challenge('Basic realm="basicAuth"') },
    prism: 'Prism names the realm "*"; we name it after the scheme, so a client sees which one is asked for',
  },
  {
    name: 'a Bearer token where Basic is wanted answers 401',
    document: schemes,
    request: get('/basic', { authorization: 'Bearer abc' }),
    expect: { status: 401, headers: challenge('Basic realm="basicAuth"') },
  },
  {
    name: 'Basic that is not base64 of user:password answers 401 when the operation declares no 403',
    document: schemes,
    request: get('/basic', { authorization: basic('no-colon') }),
    expect: {
      status: 401,
      headers: challenge('Basic realm="basicAuth"'),
      body: (body: { errors: { message: string }[] }) =>
        body.errors[0].message === 'Authorization: Basic must carry base64 of user:password (basicAuth)',
    },
  },
  {
    name: 'Basic that is not base64 of user:password answers the declared 403',
    document: schemes,
    request: get('/basic-forbidden', { authorization: 'Basic %%%' }),
    expect: {
      status: 403,
      headers: { 'www-authenticate': null },
      body: (body: { title: string; detail: string }) =>
        body.title === 'Forbidden' && body.detail.startsWith('The credentials sent are malformed'),
    },
    prism:
      'Prism answers every security failure 401; a credential that is there but malformed is refused, not missing, where the document declares 403',
  },
  {
    name: 'a missing credential still answers 401 where the operation declares 403',
    document: schemes,
    request: get('/basic-forbidden'),
    expect: { status: 401, headers: challenge('Basic realm="basicAuth"') },
  },
  {
    name: 'a Bearer token lets the request through, whatever its form',
    document: schemes,
    request: get('/bearer', { authorization: 'Bearer not-a-jwt' }),
    expect: answered,
  },
  {
    name: 'the auth scheme name is case-insensitive',
    document: schemes,
    request: get('/bearer', { authorization: 'bearer abc' }),
    expect: answered,
    prism: 'Prism matches "Bearer" case-sensitively; RFC 9110 §11.1 says scheme names are case-insensitive',
  },
  {
    name: 'Bearer without a token answers 401',
    document: schemes,
    request: get('/bearer', { authorization: 'Bearer' }),
    expect: { status: 401, headers: challenge('Bearer realm="bearerAuth"') },
  },
  {
    name: 'Digest credentials with the parameters RFC 7616 requires let the request through',
    document: schemes,
    request: get('/digest', {
      authorization:
        'Digest username="ann", realm="digestAuth", nonce="abc", uri="/digest", response="6629fae49393a05397450978507c4ef1"',
    }),
    expect: answered,
  },
  {
    name: 'a missing Digest credential answers 401 with a Digest challenge and a nonce',
    document: schemes,
    request: get('/digest'),
    expect: {
      status: 401,
      headers: challenge(/^Digest realm="digestAuth", qop="auth", nonce="[0-9a-f]{32}", algorithm=SHA-256$/),
    },
    prism: 'Prism sends a fixed nonce "abc123" and no qop',
  },
  {
    name: 'another HTTP scheme is found by its name',
    document: schemes,
    request: get('/token-scheme', { authorization: 'Token abc' }),
    expect: answered,
  },
  {
    name: 'another HTTP scheme, missing, answers 401 with its name as the challenge',
    document: schemes,
    request: get('/token-scheme', { authorization: 'Bearer abc' }),
    expect: { status: 401, headers: challenge('token realm="tokenAuth"') },
    prism:
      'Prism does not check HTTP schemes other than basic, bearer and digest, and lets the request through',
  },
];

const tokenCases: ConformanceCase[] = [
  {
    name: 'OAuth 2 takes a Bearer token',
    document: schemes,
    request: get('/oauth', { authorization: 'Bearer t0k3n' }),
    expect: answered,
  },
  {
    name: 'a missing OAuth 2 token answers 401 with a Bearer challenge naming the scopes',
    document: schemes,
    request: get('/oauth'),
    expect: { status: 401, headers: challenge('Bearer realm="oauth", scope="read:pets"') },
    prism:
      'Prism sends "OAuth2", which is no HTTP auth scheme; RFC 6750 has OAuth 2 tokens asked for as Bearer',
  },
  {
    name: 'OpenID Connect takes a Bearer token',
    document: schemes,
    request: get('/oidc', { authorization: 'Bearer t0k3n' }),
    expect: answered,
  },
  {
    name: 'a missing OpenID Connect token answers 401 with a Bearer challenge',
    document: schemes,
    request: get('/oidc', { authorization: basic('ann:pw') }),
    expect: { status: 401, headers: challenge('Bearer realm="oidc"') },
    prism: 'Prism sends "OpenID", which is no HTTP auth scheme',
  },
  {
    name: 'mutual TLS cannot be seen by the sandbox and is taken as met',
    document: schemes,
    request: get('/mtls'),
    expect: answered,
  },
];

const combinedCases: ConformanceCase[] = [
  {
    name: 'every scheme of one requirement is needed',
    document: schemes,
    request: get('/and?api_key=q', { 'X-API-Key': 'h' }),
    expect: answered,
  },
  {
    name: 'one scheme of a requirement missing answers 401 naming only that one',
    document: schemes,
    request: get('/and', { 'X-API-Key': 'h' }),
    expect: {
      status: 401,
      body: (body: { detail: string; errors: unknown[] }) =>
        body.detail === 'This operation needs an API key in query parameter api_key (queryKey)' &&
        body.errors.length === 1,
    },
  },
  {
    name: 'the first of two requirements is enough',
    document: schemes,
    request: get('/or', { authorization: basic('ann:pw') }),
    expect: answered,
  },
  {
    name: 'the second of two requirements is enough',
    document: schemes,
    request: get('/or', { 'x-api-key': 'k' }),
    expect: answered,
  },
  {
    name: 'neither of two requirements answers 401 challenging for both',
    document: schemes,
    request: get('/or'),
    expect: {
      status: 401,
      headers: challenge('Basic realm="basicAuth", ApiKey realm="headerKey", in="header", name="X-API-Key"'),
      body: (body: { detail: string }) =>
        body.detail ===
        'This operation needs one of: (1) a user and password in Authorization: Basic (basicAuth); (2) an API key in the X-API-Key header (headerKey)',
    },
    prism:
      'Prism challenges for the first requirement only (Basic realm="*"); RFC 9110 lets one header carry every challenge that would do',
  },
  {
    name: 'an empty requirement makes credentials optional',
    document: schemes,
    request: get('/optional'),
    expect: answered,
  },
  {
    name: 'an empty requirement lets through a request that sends an Authorization header of its own',
    document: schemes,
    request: get('/optional', { authorization: 'Bearer unrelated' }),
    expect: answered,
    prism:
      'Prism meets an empty requirement only when no Authorization header is sent; OpenAPI says {} makes security optional',
  },
  {
    name: 'a requirement naming an undeclared scheme does not lock the operation',
    document: schemes,
    request: get('/undeclared'),
    expect: answered,
  },
  {
    name: 'missing credentials answer 401 before the parameters are validated',
    document: schemes,
    request: get('/validated?limit=many'),
    expect: { status: 401 },
  },
  {
    name: 'with credentials, an invalid parameter is found as before',
    document: schemes,
    request: get('/validated?limit=many', { 'x-api-key': 'k' }),
    expect: { status: 400 },
  },
  {
    name: 'a declared 401 response does not replace the problem that names what is missing',
    document: schemes,
    request: get('/declared-401'),
    expect: {
      status: 401,
      headers: { 'content-type': /^application\/problem\+json/ },
      body: (body: { title: string }) => body.title === 'Unauthorized',
    },
    prism:
      "Prism answers the document's own 401 example; we answer a problem that says which credential is missing, with the challenge",
  },
  {
    name: 'HEAD of a secured GET answers 401 too',
    document: schemes,
    request: { method: 'HEAD', path: '/header-key' },
    expect: { status: 401, headers: challenge(/^ApiKey /) },
  },
  {
    name: 'a browser preflight of a secured operation is answered without credentials, allowing the key header',
    document: schemes,
    request: {
      method: 'OPTIONS',
      path: '/header-key',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    },
    expect: {
      status: 204,
      headers: { 'access-control-allow-headers': /x-api-key/i, 'www-authenticate': null },
    },
  },
  {
    name: 'a browser preflight allows the Authorization header',
    document: schemes,
    request: {
      method: 'OPTIONS',
      path: '/basic',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    },
    expect: {
      status: 204,
      headers: { 'access-control-allow-headers': /authorization/i, 'access-control-allow-origin': '*' },
    },
  },
  {
    name: 'a browser can read a 401 and its challenge',
    document: schemes,
    request: get('/bearer', { origin: 'https://app.example' }),
    expect: {
      status: 401,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-expose-headers': /\*|www-authenticate/i,
      },
    },
  },
];

const documentCases: ConformanceCase[] = [
  {
    name: "an operation without security of its own needs the document's",
    document: documentLevel,
    request: get('/inherits'),
    expect: { status: 401, headers: challenge('ApiKey realm="headerKey", in="header", name="X-API-Key"') },
  },
  {
    name: "the document's security is met like an operation's",
    document: documentLevel,
    request: get('/inherits', { 'x-api-key': 'k' }),
    expect: answered,
  },
  {
    name: "an operation's own security overrides the document's",
    document: documentLevel,
    request: get('/overrides', { 'x-api-key': 'k' }),
    expect: { status: 401, headers: challenge('ApiKey realm="queryKey", in="query", name="api_key"') },
  },
  {
    name: "an operation's own security is met without the document's",
    document: documentLevel,
    request: get('/overrides?api_key=q'),
    expect: answered,
  },
  {
    name: "security: [] opts an operation out of the document's",
    document: documentLevel,
    request: get('/opts-out'),
    expect: answered,
  },
  {
    name: "Swagger 2.0: basic from the document's security answers 401 asking for Basic",
    document: swagger2,
    request: get('/reports'),
    expect: { status: 401, headers: challenge('Basic realm="basicAuth"') },
  },
  {
    name: 'Swagger 2.0: basic credentials let the request through',
    document: swagger2,
    request: get('/reports', { authorization: basic('ann:pw') }),
    expect: { status: 200 },
  },
  {
    name: "Swagger 2.0: an operation's API key in the query replaces the document's basic",
    document: swagger2,
    request: { method: 'POST', path: '/reports?token=t' },
    expect: { status: 201 },
  },
  {
    name: 'Swagger 2.0: an OAuth 2 implicit flow wants a Bearer token with its scopes',
    document: swagger2,
    request: { method: 'PUT', path: '/pets' },
    expect: { status: 401, headers: challenge('Bearer realm="petstore_auth", scope="write:pets"') },
  },
  {
    name: 'Swagger 2.0: security: [] opts out',
    document: swagger2,
    request: get('/public'),
    expect: { status: 200 },
  },
];

/** The API requires the product's own sandbox tokens (Token Manager) as well. */
const withTokens = { isAuthRequired: true };

const productTokenCases: ConformanceCase[] = [
  {
    name: "with the product's token required, its token and the document's key let the request through",
    document: schemes,
    api: withTokens,
    request: get('/header-key', { authorization: 'Bearer {{token}}', 'x-api-key': 'k' }),
    expect: answered,
  },
  {
    name: "with the product's token required, it is checked first",
    document: schemes,
    api: withTokens,
    request: get('/header-key', { 'x-api-key': 'k' }),
    expect: { status: 401, headers: challenge('Bearer') },
  },
  {
    name: "with the product's token required, the document's API key is still needed",
    document: schemes,
    api: withTokens,
    request: get('/header-key', { authorization: 'Bearer {{token}}' }),
    expect: { status: 401, headers: challenge('ApiKey realm="headerKey", in="header", name="X-API-Key"') },
  },
  {
    name: "with the product's token required, it stands for a document's bearer scheme",
    document: schemes,
    api: withTokens,
    request: get('/bearer', { authorization: 'Bearer {{token}}' }),
    expect: answered,
  },
  {
    name: "with the product's token required, it stands for a document's Basic, which cannot share Authorization",
    document: schemes,
    api: withTokens,
    request: get('/basic', { authorization: 'Bearer {{token}}' }),
    expect: answered,
  },
];

export const cases: ConformanceCase[] = [
  ...apiKeyCases,
  ...httpCases,
  ...tokenCases,
  ...combinedCases,
  ...documentCases,
  ...productTokenCases,
];
