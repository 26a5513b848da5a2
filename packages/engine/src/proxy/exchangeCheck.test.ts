import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { SandboxRequest } from '../answer/exchange.js';
import { mockDocument } from '../document.js';
import { CHECKED_BODY_LIMIT, checkRequest, checkResponse } from './exchangeCheck.js';

// A proxy's checks on both sides of an exchange, on the Petstore of @readme/oas-examples.

const require = createRequire(import.meta.url);
const petstore = readFileSync(require.resolve('@readme/oas-examples/3.0/json/petstore.json'), 'utf8');
const { api } = mockDocument(petstore, { fileName: 'petstore.json', dialect: 'prism' });

const request = (method: string, path: string, extra: Partial<SandboxRequest> = {}): SandboxRequest => ({
  method,
  key: '',
  path,
  query: {},
  headers: {},
  rawBody: undefined,
  ...extra,
});
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});
const withKey = request('GET', '/pet/1', { headers: { api_key: 'k' } });
const rex = { id: 1, name: 'Rex', photoUrls: [] };

describe('a request checked against the operation it matches', () => {
  it('names the operation and finds nothing wrong with a valid request', async () => {
    const checked = await checkRequest(api, withKey);
    expect(checked).toMatchObject({
      operation: { method: 'GET', path: '/pet/{petId}', operationId: 'getPetById' },
      violations: [],
      securityRefused: false,
    });
  });

  it('lists a missing required parameter where Prism places it', async () => {
    const checked = await checkRequest(
      api,
      request('GET', '/pet/findByStatus', { headers: { authorization: 'Bearer t' } }),
    );
    expect(checked.violations.map(({ location, code, message }) => ({ location, code, message }))).toEqual([
      {
        location: ['request', 'query'],
        code: 'required',
        message: "Request query must have required property 'status'",
      },
    ]);
    expect(checked.securityRefused).toBe(false);
  });

  it('says a request without the credentials the operation asks is refused, with its other violations', async () => {
    const checked = await checkRequest(api, request('GET', '/pet/findByStatus'));
    expect(checked.securityRefused).toBe(true);
    expect(checked.violations.map((v) => v.code)).toEqual([401, 'required']);
  });

  it('warns of an unknown route and says why it is unknown', async () => {
    expect(await checkRequest(api, request('GET', '/nowhere'))).toEqual({
      violations: [expect.objectContaining({ location: ['request'], severity: 'Warning' })],
      securityRefused: false,
      unmatched: 'path',
    });
    expect((await checkRequest(api, request('PATCH', '/pet/1'))).unmatched).toBe('method');
  });
});

describe("an upstream's answer checked against the declared responses", () => {
  it('finds nothing wrong with an answer as declared', () => {
    expect(checkResponse(api, withKey, json(200, rex))).toEqual([]);
  });

  it('reports a missing required field at the body', () => {
    const [violation, ...rest] = checkResponse(api, withKey, json(200, { id: 1, photoUrls: [] }));
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({
      location: ['response', 'body'],
      severity: 'Error',
      code: 'required',
      message: "Response body must have required property 'name'",
      bare: "must have required property 'name'",
    });
  });

  it('reports a wrong type at the property', () => {
    expect(checkResponse(api, withKey, json(200, { ...rex, id: 'one' }))).toEqual([
      expect.objectContaining({
        location: ['response', 'body', 'id'],
        code: 'type',
        message: 'Response body property id must be integer',
      }),
    ]);
  });

  it('reports an undeclared status: an error for a success, a warning otherwise', () => {
    const order = request('GET', '/store/order/1');
    const [created] = checkResponse(api, order, json(201, {}));
    expect(created).toMatchObject({
      location: ['response'],
      severity: 'Error',
      message: 'Unable to match the returned status code with those defined in the document: 200,400,404',
    });
    expect(checkResponse(api, order, json(500, {}))[0].severity).toBe('Warning');
  });

  it('reports a content type the response does not declare', () => {
    const answer = { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<p>Rex</p>') };
    const violations = checkResponse(api, withKey, answer);
    expect(violations[0]).toMatchObject({
      location: ['response'],
      severity: 'Error',
      message:
        'The received media type "text/html" does not match the ones specified in the current response: application/xml, application/json',
    });
  });

  it('takes a charset the declaration does not name', () => {
    const answer = json(200, rex, { 'content-type': 'application/json; charset=utf-8' });
    expect(checkResponse(api, withKey, answer)).toEqual([]);
  });

  it('checks declared headers against their schemas', () => {
    const login = request('GET', '/user/login', { query: { username: 'a', password: 'b' } });
    expect(checkResponse(api, login, json(200, 'token', { 'x-rate-limit': '5' }))).toEqual([]);
    expect(checkResponse(api, login, json(200, 'token', { 'x-rate-limit': 'many' }))).toEqual([
      expect.objectContaining({
        location: ['response', 'header', 'x-rate-limit'],
        message: 'Response header parameter x-rate-limit must be integer',
      }),
    ]);
  });

  it('does not parse a body past the limit, and says so', () => {
    const big = Buffer.alloc(CHECKED_BODY_LIMIT + 1, ' ');
    const answer = { status: 200, headers: { 'content-type': 'application/json' }, body: big };
    expect(checkResponse(api, withKey, answer)).toEqual([
      expect.objectContaining({ location: ['response', 'body'], severity: 'Warning' }),
    ]);
  });

  it('checks nothing of an unknown route', () => {
    expect(checkResponse(api, request('GET', '/nowhere'), json(418, 'tea'))).toEqual([]);
  });
});
