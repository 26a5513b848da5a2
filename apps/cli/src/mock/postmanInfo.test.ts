import { mockDocument } from '@sandbox/engine';
import { describe, expect, it } from 'vitest';
import { asPrismReadsCollection } from './postmanInfo.js';

// A Postman collection as Prism reads it, answered by the engine in the prism dialect.

const collection = (auth: unknown) =>
  JSON.stringify({
    info: { name: 'Test' },
    auth,
    item: [
      {
        request: { url: { path: ['todos'] }, method: 'GET' },
        response: [
          { code: 200, header: [{ key: 'Content-Type', value: 'application/json' }], body: '"test"' },
        ],
      },
    ],
  });

const mockOf = (auth: unknown) =>
  mockDocument(asPrismReadsCollection(collection(auth)), { fileName: 'c.json', dialect: 'prism' });

describe("a Postman collection's OAuth 2.0 auth", () => {
  const oauth2 = { type: 'oauth2', oauth2: [{ key: 'addTokenTo', value: 'header', type: 'string' }] };

  it('asks for a bearer token, as Prism does, and takes one', async () => {
    const mock = mockOf(oauth2);
    const basic = await mock.answer({
      method: 'GET',
      path: '/todos',
      headers: { authorization: 'Basic dGVzdDp0ZXN0' },
    });
    expect(basic.status).toBe(401);
    expect(JSON.parse(String(basic.body)).headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
    const bearer = await mock.answer({
      method: 'GET',
      path: '/todos',
      headers: { authorization: 'Bearer abc' },
    });
    expect(bearer.status).toBe(200);
  });

  it('is read the same on a request of its own', async () => {
    const text = collection(undefined).replace(
      '"method":"GET"',
      `"method":"GET","auth":${JSON.stringify(oauth2)}`,
    );
    const mock = mockDocument(asPrismReadsCollection(text), { fileName: 'c.json', dialect: 'prism' });
    const refused = await mock.answer({ method: 'GET', path: '/todos' });
    expect(refused.headers['www-authenticate']).toBe('Bearer');
  });
});

describe('a Postman request body written as text', () => {
  it('is the raw body, whose JSON gives the schema a request is held to', async () => {
    const text = JSON.stringify({
      info: { name: 'Test' },
      item: [
        {
          request: {
            url: { path: ['users'] },
            method: 'POST',
            header: [{ key: 'Content-Type', value: 'application/json' }],
            body: '{"a":0}',
          },
          response: [{ code: 200, description: 'OK' }],
        },
      ],
    });
    const mock = mockDocument(asPrismReadsCollection(text), { fileName: 'c.json', dialect: 'prism' });
    const json = { 'content-type': 'application/json' };
    const wrong = await mock.answer({ method: 'POST', path: '/users', headers: json, body: '{"a":{"b":0}}' });
    expect(wrong.status).toBe(422);
    const right = await mock.answer({ method: 'POST', path: '/users', headers: json, body: '{"a":1}' });
    expect(right.status).toBe(200);
  });
});
