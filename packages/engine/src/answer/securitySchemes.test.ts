import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DeclaredOperation, SecurityScheme } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import/importOpenApi.js';
import { compileSecurity, type SecurityInput, securityCompiler } from './securitySchemes.js';

const require = createRequire(import.meta.url);
const example = (name: string) => readFileSync(require.resolve(`@readme/oas-examples/${name}`), 'utf8');
const security30 = example('3.0/json/security.json');
const multiple30 = example('3.0/json/security-multiple.json');
const security31 = example('3.1/json/security.json');
const trainTravel = example('3.1/json/train-travel.json');
const petstore20 = example('2.0/json/petstore.json');

/** One operation of a document, imported and compiled as the sandbox compiles it. */
function securityOf(document: string, method: string, path: string) {
  const imported = importOpenApi(document, 'api.json');
  const endpoint = imported.endpoints.find(
    (e) => e.methodType === method.toUpperCase() && e.apiEndPoint === path,
  );
  if (!endpoint?.operationJson) throw new Error(`no ${method} ${path}`);
  const operation: DeclaredOperation = JSON.parse(endpoint.operationJson);
  return compileSecurity(operation.security, imported.securitySchemes ?? {}, {
    forbiddenDeclared: '403' in operation.responses,
  });
}

function checkOf(document: string, method: string, path: string) {
  const { check } = securityOf(document, method, path);
  if (!check) throw new Error(`${method} ${path} checks nothing`);
  return check;
}

const schemesOf = (document: string) => importOpenApi(document, 'api.json').securitySchemes ?? {};
const never = { forbiddenDeclared: false };

const request = (
  headers: SecurityInput['headers'] = {},
  query: SecurityInput['query'] = {},
): SecurityInput => ({ headers, query });
const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('API keys', () => {
  it('finds a key in the header the scheme names, whatever its case', () => {
    const check = checkOf(security30, 'put', '/anything/apiKey');
    expect(check(request({ 'x-api-key': 'k' }), false)).toBeNull();
    const refused = check(request(), false);
    expect(refused?.status).toBe(401);
    expect(refused?.headers?.['www-authenticate']).toBe(
      'ApiKey realm="apiKey_header", in="header", name="X-API-KEY"',
    );
    expect(refused?.body.errors).toEqual([
      { location: 'header.X-API-KEY', message: 'an API key in the X-API-KEY header (apiKey_header)' },
    ]);
  });

  it('finds a key in the query, and takes an empty one for none', () => {
    const check = checkOf(security30, 'get', '/anything/apiKey');
    expect(check(request({}, { apiKey: 'k' }), false)).toBeNull();
    expect(check(request({}, { apiKey: ['', 'k'] }), false)).toBeNull();
    expect(check(request({}, { apiKey: '' }), false)?.status).toBe(401);
    expect(check(request({}, { apikey: 'k' }), false)?.status).toBe(401);
  });

  it('finds a key in a cookie by its exact name', () => {
    const check = checkOf(security30, 'post', '/anything/apiKey');
    expect(check(request({ cookie: 'theme=dark; api_key=k' }), false)).toBeNull();
    expect(check(request({ cookie: 'xapi_key=k' }), false)?.status).toBe(401);
    expect(check(request({ cookie: 'api_key=' }), false)?.status).toBe(401);
    expect(check(request({}, { api_key: 'k' }), false)?.body.detail).toBe(
      'This operation needs an API key in cookie api_key (apiKey_cookie)',
    );
  });

  it('still wants its key when the product token vouched for Authorization', () => {
    const check = checkOf(security30, 'put', '/anything/apiKey');
    expect(check(request({ authorization: 'Bearer product-token' }), true)?.status).toBe(401);
  });
});

describe('HTTP schemes', () => {
  const check = checkOf(security30, 'post', '/anything/basic');

  it('takes Basic with base64 of user:password, a colon allowed in the password', () => {
    expect(check(request({ authorization: basic('ann:secret') }), false)).toBeNull();
    expect(check(request({ authorization: basic('ann:se:cret') }), false)).toBeNull();
    expect(
      check(request({ authorization: `basic ${Buffer.from('ann:x').toString('base64')}` }), false),
    ).toBeNull();
  });

  it('asks for Basic with a realm when Authorization is missing or of another scheme', () => {
    for (const headers of [{}, { authorization: 'Bearer abc' }]) {
      const refused = check(request(headers), false);
      expect(refused?.status).toBe(401);
      expect(refused?.headers?.['www-authenticate']).toBe('Basic realm="basic"');
    }
  });

  it('refuses Basic that is not base64 of user:password with 401 when no 403 is declared', () => {
    for (const authorization of ['Basic', 'Basic not-base64!', basic('no-colon')]) {
      const refused = check(request({ authorization }), false);
      expect(refused?.status).toBe(401);
      expect(refused?.body.errors).toEqual([
        {
          location: 'header.authorization',
          message: 'Authorization: Basic must carry base64 of user:password (basic)',
        },
      ]);
    }
  });

  it('answers a malformed credential with 403 where the operation declares 403', () => {
    const { check } = compileSecurity([{ basic: [] }], schemesOf(security30), { forbiddenDeclared: true });
    const refused = check?.(request({ authorization: basic('no-colon') }), false);
    expect(refused?.status).toBe(403);
    expect(refused?.headers).toBeUndefined();
    expect(refused?.body).toMatchObject({ status: 403, title: 'Forbidden' });
    expect(check?.(request(), false)?.status).toBe(401);
  });

  it('takes any Bearer token, JWT or not, and refuses an empty one', () => {
    for (const path of ['post', 'put']) {
      const bearer = checkOf(security30, path, '/anything/bearer');
      expect(bearer(request({ authorization: 'Bearer abc.def-ghi_~+/=' }), false)).toBeNull();
      expect(bearer(request({ authorization: 'Bearer' }), false)?.body.errors?.[0].message).toMatch(
        /must carry a token/,
      );
      expect(bearer(request({ authorization: 'Bearer a b' }), false)?.status).toBe(401);
    }
    expect(checkOf(security30, 'post', '/anything/bearer')(request(), false)?.headers).toEqual({
      'www-authenticate': 'Bearer realm="bearer"',
    });
  });

  it('takes Digest credentials that carry the parameters RFC 7616 requires', () => {
    const { check } = compileSecurity(
      [{ digest: [] }],
      { digest: { type: 'http', scheme: 'digest' } },
      never,
    );
    const answer =
      'Digest username="ann", realm="digest", nonce="abc", uri="/x", response="6629fae49393a05397450978507c4ef1"';
    expect(check?.(request({ authorization: answer }), false)).toBeNull();
    expect(check?.(request({ authorization: 'Digest username="ann"' }), false)?.status).toBe(401);
    expect(check?.(request(), false)?.headers?.['www-authenticate']).toMatch(
      /^Digest realm="digest", qop="auth", nonce="[0-9a-f]{32}", algorithm=SHA-256$/,
    );
  });

  it('reads other HTTP schemes by their name', () => {
    // the importer keeps scheme names in lower case; a client may write them in any case
    const { check } = compileSecurity([{ hoba: [] }], { hoba: { type: 'http', scheme: 'hoba' } }, never);
    expect(check?.(request({ authorization: 'HOBA result="x"' }), false)).toBeNull();
    expect(check?.(request({ authorization: 'HOBA' }), false)?.status).toBe(401);
    expect(check?.(request({ authorization: 'Bearer x' }), false)?.headers?.['www-authenticate']).toBe(
      'hoba realm="hoba"',
    );
  });

  it('lets the product token stand for every scheme that travels in Authorization', () => {
    expect(check(request({ authorization: 'Bearer product-token' }), true)).toBeNull();
  });
});

describe('OAuth 2 and OpenID Connect', () => {
  it('wants a Bearer token and names the scopes of the requirement in the challenge', () => {
    for (const method of ['post', 'get', 'put', 'patch', 'delete']) {
      const check = checkOf(security30, method, '/anything/oauth2');
      expect(check(request({ authorization: 'Bearer t0k3n' }), false)).toBeNull();
      expect(check(request({ authorization: basic('a:b') }), false)?.headers?.['www-authenticate']).toMatch(
        /^Bearer realm="oauth2\w*", scope="write:things"$/,
      );
    }
  });

  it('wants a Bearer token for OpenID Connect', () => {
    const check = checkOf(security30, 'post', '/anything/openIdConnect');
    expect(check(request({ authorization: 'Bearer t0k3n' }), false)).toBeNull();
    expect(check(request(), false)?.body.detail).toBe(
      'This operation needs an OpenID Connect token in Authorization: Bearer (openIdConnect)',
    );
  });

  it("reads the document's security where the operation has none, and the operation's where it has", () => {
    const read = checkOf(trainTravel, 'get', '/bookings');
    const write = checkOf(trainTravel, 'post', '/bookings');
    expect(read(request(), false)?.headers?.['www-authenticate']).toBe('Bearer realm="OAuth2", scope="read"');
    expect(write(request(), false)?.headers?.['www-authenticate']).toBe(
      'Bearer realm="OAuth2", scope="write"',
    );
    expect(read(request({ authorization: 'Bearer t' }), false)).toBeNull();
  });

  it('answers a malformed token with 403 where the operation declares 403', () => {
    expect(
      checkOf(trainTravel, 'get', '/bookings')(request({ authorization: 'Bearer ' }), false)?.status,
    ).toBe(403);
    // POST /bookings declares no 403
    expect(
      checkOf(trainTravel, 'post', '/bookings')(request({ authorization: 'Bearer ' }), false)?.status,
    ).toBe(401);
  });
});

describe('requirements combined', () => {
  it('wants every scheme of one requirement (AND)', () => {
    const check = checkOf(multiple30, 'post', '/anything/and');
    const all = { 'x-api-key': 'k', authorization: basic('a:b') };
    // Basic and an OAuth 2 token cannot share one Authorization header: only a vouched one meets both
    expect(check(request(all), false)?.status).toBe(401);
    expect(check(request({ ...all, authorization: 'Bearer product' }), true)).toBeNull();
    const refused = check(request({ 'x-api-key': 'k' }), false);
    expect(refused?.body.errors?.map((e) => e.message)).toEqual([
      'a user and password in Authorization: Basic (basic)',
      'an OAuth 2 access token in Authorization: Bearer (oauth2)',
    ]);
  });

  it('takes any one requirement (OR) and names them all when none is met', () => {
    const check = checkOf(multiple30, 'post', '/anything/or');
    expect(check(request({ authorization: 'Bearer t' }), false)).toBeNull();
    expect(check(request({ 'x-api-key': 'k' }), false)).toBeNull();
    const refused = check(request(), false);
    expect(refused?.headers?.['www-authenticate']).toBe(
      'Bearer realm="oauth2", scope="write:things", ApiKey realm="apiKey_header", in="header", name="X-API-KEY"',
    );
    expect(refused?.body.detail).toBe(
      'This operation needs one of: (1) an OAuth 2 access token in Authorization: Bearer (oauth2); ' +
        '(2) an API key in the X-API-KEY header (apiKey_header)',
    );
  });

  it('mixes AND and OR', () => {
    const check = checkOf(multiple30, 'post', '/anything/many-and-or');
    expect(check(request({ cookie: 'api_key=1', 'x-api-key': '2' }, { apiKey: '3' }), false)).toBeNull();
    expect(check(request({ cookie: 'api_key=1', 'x-api-key': '2' }), false)?.status).toBe(401);
    expect(check(request({ authorization: basic('a:b') }), false)).toBeNull();
    expect(check(request({ authorization: 'Bearer t' }), false)).toBeNull();
  });

  it('opts out with an empty requirement or an empty list', () => {
    expect(securityOf(security30, 'get', '/anything/optional-auth').check).toBeUndefined();
    expect(securityOf(security30, 'post', '/anything/no-auth').check).toBeUndefined();
    expect(compileSecurity([], schemesOf(security30), never).check).toBeUndefined();
  });

  it('takes mutual TLS as met, and says it cannot check it', () => {
    const compiled = securityOf(security31, 'post', '/anything/mutualTLS');
    expect(compiled.check).toBeUndefined();
    expect(compiled.notes).toEqual([
      'security scheme "mutualTLS" is mutual TLS, which the sandbox cannot see: taken as met',
    ]);
  });

  it('skips a scheme the document does not declare, and reports it, without locking the operation', () => {
    const schemes = schemesOf(security30);
    const alone = compileSecurity([{ nowhere: [] }], schemes, never);
    expect(alone.check).toBeUndefined();
    expect(alone.notes).toEqual([
      'security scheme "nowhere" is not declared in components.securitySchemes: not checked',
    ]);
    const beside = compileSecurity([{ nowhere: [], apiKey_query: [] }], schemes, never);
    expect(beside.check?.(request({}, { apiKey: 'k' }), false)).toBeNull();
    expect(beside.check?.(request(), false)?.status).toBe(401);
  });

  it('reports an HTTP scheme whose name a header cannot carry', () => {
    const compiled = compileSecurity([{ odd: [] }], { odd: { type: 'http', scheme: 'my scheme' } }, never);
    expect(compiled.check).toBeUndefined();
    expect(compiled.notes).toEqual(['security scheme "odd" has no usable HTTP scheme name: not checked']);
  });

  it('writes challenges a socket can carry whatever names the document uses', () => {
    const schemes: Record<string, SecurityScheme> = {
      'clé "x"': { type: 'apiKey', in: 'header', name: 'X-Clé' },
    };
    const { check } = compileSecurity([{ 'clé "x"': [] }], schemes, never);
    expect(check?.(request(), false)?.headers?.['www-authenticate']).toBe(
      'ApiKey realm="cl? \\"x\\"", in="header", name="X-Cl?"',
    );
  });
});

describe('Swagger 2.0 security definitions, as the importer converts them', () => {
  it('wants the petstore key in its header and an OAuth 2 token for writes', () => {
    const read = checkOf(petstore20, 'get', '/pet/{petId}');
    expect(read(request({ api_key: 'k' }), false)).toBeNull();
    expect(read(request(), false)?.headers?.['www-authenticate']).toBe(
      'ApiKey realm="api_key", in="header", name="api_key"',
    );
    const write = checkOf(petstore20, 'post', '/pet');
    expect(write(request({ authorization: 'Bearer t' }), false)).toBeNull();
    expect(write(request(), false)?.headers?.['www-authenticate']).toBe(
      'Bearer realm="petstore_auth", scope="write:pets read:pets"',
    );
    expect(securityOf(petstore20, 'get', '/user/login').check).toBeUndefined();
  });

  it('reads basic as HTTP Basic and a key in the query', () => {
    const document = JSON.stringify({
      swagger: '2.0',
      info: { title: 'Swagger 2 security', version: '1' },
      securityDefinitions: {
        basicAuth: { type: 'basic' },
        token: { type: 'apiKey', in: 'query', name: 'token' },
      },
      security: [{ basicAuth: [] }],
      paths: {
        '/reports': {
          get: { responses: { 200: { description: 'ok' }, 403: { description: 'no' } } },
          post: { security: [{ token: [] }], responses: { 201: { description: 'made' } } },
        },
      },
    });
    const get = checkOf(document, 'get', '/reports');
    expect(get(request({ authorization: basic('ann:pw') }), false)).toBeNull();
    expect(get(request(), false)?.headers?.['www-authenticate']).toBe('Basic realm="basicAuth"');
    expect(get(request({ authorization: 'Basic !!' }), false)?.status).toBe(403);
    const post = checkOf(document, 'post', '/reports');
    expect(post(request({}, { token: 't' }), false)).toBeNull();
    expect(post(request({ authorization: basic('ann:pw') }), false)?.status).toBe(401);
  });
});

describe('compiling the operations of one API', () => {
  const imported = importOpenApi(trainTravel, 'api.json');
  const operation = (method: string, path: string): DeclaredOperation | null => {
    const json = imported.endpoints.find(
      (e) => e.methodType === method && e.apiEndPoint === path,
    )?.operationJson;
    return json ? JSON.parse(json) : null;
  };

  it('compiles the requirements the operations share once', () => {
    const securityOf = securityCompiler(imported.securitySchemes ?? {});
    const stations = securityOf(operation('GET', '/stations'));
    expect(stations).toBeDefined();
    expect(securityOf(operation('GET', '/trips'))).toBe(stations);
    expect(securityOf(operation('POST', '/bookings'))).not.toBe(stations);
  });

  it('checks nothing for an operation imported before operations were kept, or declaring no security', () => {
    const securityOf = securityCompiler(imported.securitySchemes ?? {});
    expect(securityOf(null)).toBeUndefined();
    expect(securityOf({ parameters: [], responses: { 200: {} } })).toBeUndefined();
    expect(securityOf({ parameters: [], responses: { 200: {} }, security: [] })).toBeUndefined();
  });

  it("reads the operation's declared 403", () => {
    const securityOf = securityCompiler(imported.securitySchemes ?? {});
    const malformed = request({ authorization: 'Bearer' });
    expect(securityOf(operation('GET', '/stations'))?.(malformed, false)?.status).toBe(403);
    expect(securityOf(operation('POST', '/bookings'))?.(malformed, false)?.status).toBe(401);
  });
});
