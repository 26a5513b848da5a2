import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DeclaredOperation, LabCredential } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import/importOpenApi.js';
import { compileSecurity, credentialsToFill, type SecurityInput } from './securitySchemes.js';

const require = createRequire(import.meta.url);
const example = (name: string) => readFileSync(require.resolve(`@readme/oas-examples/${name}`), 'utf8');

/** Every operation of a document, with its security as the sandbox compiles it and what the Lab fills. */
function operationsOf(document: string) {
  const imported = importOpenApi(document, 'api.json');
  const schemes = imported.securitySchemes ?? {};
  return imported.endpoints.map((endpoint) => {
    const operation: DeclaredOperation = JSON.parse(endpoint.operationJson ?? '{}');
    return {
      name: `${endpoint.methodType} ${endpoint.apiEndPoint}`,
      check: compileSecurity(operation.security, schemes, { forbiddenDeclared: false }).check,
      fill: credentialsToFill(operation.security, schemes),
    };
  });
}

const operationOf = (document: string, name: string) => {
  const found = operationsOf(document).find((o) => o.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

/** A request carrying `credentials` where the Lab puts them. */
function requestWith(credentials: LabCredential[]): SecurityInput {
  const input: SecurityInput = { headers: {}, query: {} };
  const cookies = credentials.filter((c) => c.in === 'cookie').map((c) => `${c.name}=${c.value}`);
  for (const c of credentials) {
    if (c.in === 'header') input.headers[c.name.toLowerCase()] = c.value;
    if (c.in === 'query') input.query[c.name] = c.value;
  }
  if (cookies.length) input.headers.cookie = cookies.join('; ');
  return input;
}

describe('the credentials the API Lab fills', () => {
  it.each(['3.0/json/security.json', '3.1/json/security.json'])(
    'pass the check of every secured operation of %s',
    (name) => {
      const secured = operationsOf(example(name)).filter((o) => o.check);
      expect(secured.length).toBeGreaterThan(10);
      for (const { name: operation, check, fill } of secured) {
        expect(fill?.missing, operation).toEqual([]);
        expect(check?.(requestWith(fill?.filled ?? []), false), operation).toBeNull();
      }
    },
  );

  it('take the first requirement they can meet, and say what one that asks for two Authorization headers lacks', () => {
    const multiple = example('3.0/json/security-multiple.json');
    const either = operationOf(multiple, 'POST /anything/many-and-or');
    expect(either.fill).toEqual({
      filled: [{ scheme: 'bearer_jwt', in: 'header', name: 'Authorization', value: 'Bearer sandbox-token' }],
      missing: [],
    });
    expect(either.check?.(requestWith(either.fill?.filled ?? []), false)).toBeNull();
    const both = operationOf(multiple, 'POST /anything/and');
    expect(both.fill?.filled.map((c) => c.scheme)).toEqual(['apiKey_header', 'basic']);
    expect(both.fill?.missing).toEqual(['an OAuth 2 access token in Authorization: Bearer (oauth2)']);
  });

  it("fill the Petstore's OAuth 2 with a bearer token and its api_key in its header", () => {
    const petstore = example('3.0/json/petstore.json');
    expect(operationOf(petstore, 'POST /pet').fill).toEqual({
      filled: [
        { scheme: 'petstore_auth', in: 'header', name: 'Authorization', value: 'Bearer sandbox-token' },
      ],
      missing: [],
    });
    expect(operationOf(petstore, 'GET /pet/{petId}').fill?.filled).toEqual([
      { scheme: 'api_key', in: 'header', name: 'api_key', value: 'sandbox-api-key' },
    ]);
    expect(operationOf(petstore, 'GET /store/order/{orderId}').fill).toBeUndefined();
  });

  it('are none for an operation whose security is optional', () => {
    expect(
      operationOf(example('3.0/json/security.json'), 'GET /anything/optional-auth').fill,
    ).toBeUndefined();
  });

  it('say what a digest needs, unless another requirement can be filled', () => {
    const document = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Vault', version: '1.0.0' },
      components: {
        securitySchemes: {
          digest: { type: 'http', scheme: 'digest' },
          key: { type: 'apiKey', in: 'query', name: 'key' },
        },
      },
      paths: {
        '/secrets': {
          get: { security: [{ digest: [] }], responses: { 200: { description: 'ok' } } },
          post: { security: [{ digest: [] }, { key: [] }], responses: { 201: { description: 'ok' } } },
        },
      },
    });
    expect(operationOf(document, 'GET /secrets').fill).toEqual({
      filled: [],
      missing: ['digest credentials in Authorization: Digest (digest)'],
    });
    expect(operationOf(document, 'POST /secrets').fill).toEqual({
      filled: [{ scheme: 'key', in: 'query', name: 'key', value: 'sandbox-api-key' }],
      missing: [],
    });
  });
});
