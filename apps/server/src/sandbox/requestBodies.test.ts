import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy, type SandboxResponse } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// readme's x-www-form-urlencoded example (oas-examples 3.0 form-data.json), its body also declared as
// `*/*` the way swagger-core writes a body whose media type the code leaves open (as Kubernetes'
// documents do), and as JSON, to compare refusals with.
const tokens = `
openapi: 3.0.3
info: { title: x-www-form-urlencoded support, version: 1.0.0 }
paths:
  /anything:
    post:
      operationId: demoFormData
      requestBody:
        required: false
        content:
          application/x-www-form-urlencoded: { schema: { $ref: '#/components/schemas/Credentials' } }
      responses: &answers
        '200':
          description: Valid Token
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Token' }
              example: { access_token: 7, token_type: bearer, expires_in: 3600 }
  /open:
    post:
      operationId: demoOpenBody
      requestBody:
        required: false
        content:
          '*/*': { schema: { $ref: '#/components/schemas/Credentials' } }
      responses: *answers
  /json:
    post:
      operationId: demoJson
      requestBody:
        content:
          application/json: { schema: { $ref: '#/components/schemas/Credentials' } }
      responses: *answers
components:
  schemas:
    Credentials:
      type: object
      required: [client_id, client_secret]
      properties:
        client_id: { type: string }
        client_secret: { type: string }
        scope: { type: integer, format: int32 }
    Token:
      type: object
      required: [access_token, token_type, expires_in]
      properties:
        access_token: { type: integer, format: int32 }
        token_type: { type: string }
        expires_in: { type: integer, format: int32 }
`;

// Spotify's "Remove Items from Playlist": a DELETE whose JSON body names what to remove.
const playlists = `
openapi: 3.0.3
info: { title: Spotify Web API, version: 1.0.0 }
paths:
  /playlists/{playlist_id}/tracks:
    parameters:
      - { name: playlist_id, in: path, required: true, schema: { type: string } }
    post:
      operationId: add-tracks-to-playlist
      requestBody: &tracks
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [tracks]
              properties:
                tracks:
                  type: array
                  items: { type: object, properties: { uri: { type: string } } }
                snapshot_id: { type: string }
      responses: &snapshot
        '200':
          description: A snapshot ID for the playlist
          content:
            application/json: { example: { snapshot_id: abc } }
    delete:
      operationId: remove-tracks-playlist
      requestBody: *tracks
      responses: *snapshot
`;

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const json = { 'content-type': 'application/json' };

describe.each(dialects)('request bodies, on %s', (dialect) => {
  let app: TestApp;
  let credentials: Awaited<ReturnType<typeof deploy>>;
  let spotify: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const { auth } = await signUpAndVerify(app);
    credentials = await deploy(app, auth, tokens);
    spotify = await deploy(app, auth, playlists);
  });
  afterAll(() => app.close());

  /** What a refusal is made of: its status, media type and problem details. */
  const refusal = (res: SandboxResponse) => ({
    status: res.statusCode,
    contentType: res.headers['content-type'],
    problem: res.json(),
  });

  it('refuses a form body missing a required field as it refuses such a JSON body', async () => {
    const missing = { client_id: 'a' };
    const asJson = await credentials.call('POST', '/json', { body: missing, headers: json });
    expect(refusal(asJson)).toEqual({
      status: 400,
      contentType: 'application/problem+json; charset=utf-8',
      problem: {
        type: 'about:blank',
        title: 'Invalid request',
        status: 400,
        detail: '1 problem with the request',
        errors: [{ location: 'body.client_secret', message: 'is required' }],
      },
    });
    const asForm = await credentials.call('POST', '/anything', { body: 'client_id=a', headers: form });
    expect(refusal(asForm)).toEqual(refusal(asJson));
  });

  it('reads a body declared as */* in the media type it is sent in, and refuses it missing a field', async () => {
    const asForm = await credentials.call('POST', '/open', { body: 'client_id=a', headers: form });
    const asJson = await credentials.call('POST', '/open', { body: { client_id: 'a' }, headers: json });
    const expected = refusal(await credentials.call('POST', '/json', { body: { client_id: 'a' } }));
    expect(refusal(asForm)).toEqual(expected);
    expect(refusal(asJson)).toEqual(expected);
    const wrongType = await credentials.call('POST', '/open', {
      body: 'client_id=a&client_secret=b&scope=all',
      headers: form,
    });
    expect(refusal(wrongType).problem.errors).toEqual([
      { location: 'body.scope', message: 'must be an integer, got a string' },
    ]);
  });

  it('answers a body declared as */* that has every required field as before', async () => {
    const token = { access_token: 7, token_type: 'bearer', expires_in: 3600 };
    const asForm = await credentials.call('POST', '/open', {
      body: 'client_id=a&client_secret=b&scope=2',
      headers: form,
    });
    expect([asForm.statusCode, asForm.json()]).toEqual([200, token]);
    const asText = await credentials.call('POST', '/open', {
      body: 'client_id=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect([asText.statusCode, asText.json()]).toEqual([200, token]);
  });

  it('validates the body of a DELETE as it does a POST body, and answers a valid one', async () => {
    const path = '/playlists/3cEYpjA9oz9GiPac4AsH4n/tracks';
    const asPost = await spotify.call('POST', path, { body: {}, headers: json });
    const asDelete = await spotify.call('DELETE', path, { body: {}, headers: json });
    expect(refusal(asDelete)).toEqual(refusal(asPost));
    expect(refusal(asDelete).problem.errors).toEqual([{ location: 'body.tracks', message: 'is required' }]);
    const wrongType = await spotify.call('DELETE', path, { body: { tracks: 'all' }, headers: json });
    expect(refusal(wrongType).problem.errors).toEqual([
      { location: 'body.tracks', message: 'must be an array, got a string' },
    ]);
    const valid = await spotify.call('DELETE', path, {
      body: { tracks: [{ uri: 'spotify:track:4iV5W9uYEdYUVa79Axb7Rh' }] },
      headers: json,
    });
    expect([valid.statusCode, valid.json()]).toEqual([200, { snapshot_id: 'abc' }]);
  });
});
