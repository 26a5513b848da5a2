import { describe, expect, it } from 'vitest';
import { type MockRequest, mockDocument } from '../document.js';

// A Postman collection with two requests of one method and path: Prism reads them as one operation
// (http-spec's mergeOperations); the hosted sandbox keeps one and says so in a warning.

const saved = (code: number, body: string) => ({
  code,
  header: [{ key: 'Content-Type', value: 'application/json' }],
  body,
});

const request = (id: string, body: unknown, limit: string, response: unknown) => ({
  id,
  request: {
    method: 'POST',
    url: {
      raw: `{{baseUrl}}/messages?limit=${limit}`,
      host: ['{{baseUrl}}'],
      path: ['messages'],
      query: [{ key: 'limit', value: limit }],
    },
    header: [{ key: 'Content-Type', value: 'application/json' }],
    body: { mode: 'raw', raw: JSON.stringify(body) },
  },
  response: [response],
});

const collection = JSON.stringify({
  info: { name: 'Messages', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [
    request(
      'image',
      { to: '344455434', type: 'image', image: { id: 'a1' } },
      'all',
      saved(200, '{"sent":"image"}'),
    ),
    request(
      'text',
      { to: '342334535335', type: 'text', text: { body: 'Welcome' } },
      '10',
      saved(202, '{"queued":"text"}'),
    ),
  ],
});

const post = (body: unknown, query = 'limit=10', headers: Record<string, string> = {}): MockRequest => ({
  method: 'POST',
  path: `/messages?${query}`,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('two Postman requests of one method and path', () => {
  const mock = () => mockDocument(collection, { fileName: 'messages.json', dialect: 'prism' });

  it('are one operation, with no request left out; the hosted sandbox keeps one and says so', () => {
    expect(mock().operations).toEqual([{ method: 'POST', path: '/messages' }]);
    expect(mock().warnings).toEqual([]);
    const hosted = mockDocument(collection, { fileName: 'messages.json' });
    expect(hosted.operations).toEqual([{ method: 'POST', path: '/messages' }]);
    expect(hosted.warnings).toEqual([
      {
        pointer: '#/item/0',
        message: 'This request is left out: another request has the same method and path',
      },
    ]);
  });

  it("take either request's body, and list every error of both when a body is neither's", async () => {
    const messages = mock();
    expect((await messages.answer(post({ to: '1', type: 'image', image: { id: 'b' } }))).status).toBe(200);
    expect((await messages.answer(post({ to: '1', type: 'text', text: { body: 'Hi' } }))).status).toBe(200);
    const neither = await messages.answer(post({ to: 123, type: 'image' }));
    expect(neither.status).toBe(422);
    expect(JSON.parse(String(neither.body)).validation).toEqual([
      {
        location: ['body', 'to'],
        severity: 'Error',
        code: 'type',
        message: 'Request body property to must be string',
      },
      {
        location: ['body', 'to'],
        severity: 'Error',
        code: 'type',
        message: 'Request body property to must be string',
      },
      {
        location: ['body'],
        severity: 'Error',
        code: 'anyOf',
        message: 'Request body must match a schema in anyOf',
      },
    ]);
  });

  it('take a query parameter as either request sends it: as text or as a number', async () => {
    const messages = mock();
    expect((await messages.answer(post({ to: '1' }, 'limit=all'))).status).toBe(200);
    expect((await messages.answer(post({ to: '1' }, 'limit=10'))).status).toBe(200);
  });

  it("answer with either request's saved responses", async () => {
    const messages = mock();
    const first = await messages.answer(post({ to: '1' }));
    expect([first.status, JSON.parse(String(first.body))]).toEqual([200, { sent: 'image' }]);
    const second = await messages.answer(post({ to: '1' }, 'limit=10', { prefer: 'code=202' }));
    expect([second.status, JSON.parse(String(second.body))]).toEqual([202, { queued: 'text' }]);
  });
});
