import type { TokenRecord } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import {
  aRow,
  bodyTemplateOf,
  fillPathParams,
  formatIfJson,
  presetToken,
  toCurl,
  withAuthorization,
} from './labRequest';

describe('the Lab request', () => {
  it('reformats a body that is JSON and keeps one that is not', () => {
    expect(formatIfJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatIfJson('{"a":')).toBe('{"a":');
  });

  it("starts the body as the server's template, formatted, and empty without one", () => {
    expect(bodyTemplateOf({ requestBodyTemplate: { name: 'doggie', photoUrls: [] } })).toBe(
      '{\n  "name": "doggie",\n  "photoUrls": []\n}',
    );
    expect(bodyTemplateOf({ requestBodyTemplate: [] })).toBe('[]');
    expect(bodyTemplateOf({})).toBe('');
  });

  it('replaces a path placeholder once its value is typed', () => {
    const url = 'http://x.test/sandbox/k/pets/{petId}/toys/{toyId}';
    expect(fillPathParams(url, { petId: '42' })).toBe('http://x.test/sandbox/k/pets/42/toys/{toyId}');
    expect(fillPathParams(url, { petId: '', toyId: 'a b' })).toBe(
      'http://x.test/sandbox/k/pets/{petId}/toys/a%20b',
    );
  });

  it('presets the token of an API that requires auth, and only then', () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    const tokens = [
      { apiMasterId: 7, generatedAccessToken: 'sbx_abc', tokenExpirationDate: future },
    ] as TokenRecord[];
    expect(presetToken({ id: 7, isAuthRequired: true, generatedAccessToken: null }, tokens)).toBe('sbx_abc');
    expect(presetToken({ id: 7, isAuthRequired: false, generatedAccessToken: null }, tokens)).toBeNull();
    const rows = withAuthorization([aRow('authorization', 'Bearer old'), aRow('X-A', '1')], 'new');
    expect(rows.map((r) => [r.key, r.value])).toEqual([
      ['authorization', 'Bearer new'],
      ['X-A', '1'],
    ]);
  });

  it('copies as a cURL command with its params, headers, body and the body type', () => {
    const curl = toCurl({
      requestMethod: 'POST',
      requestUrl: 'http://x.test/pets',
      requestParams: [{ key: 'dry', value: 'true' }],
      headers: [{ key: 'Authorization', value: 'Bearer t' }],
      requestBody: `{"name":"O'Neil"}`,
    });
    expect(curl).toBe(
      `curl -X POST 'http://x.test/pets?dry=true' \\\n  -H 'Authorization: Bearer t' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"name":"O'\\''Neil"}'`,
    );
  });

  it('names a text body as text, and keeps a Content-Type the user set', () => {
    const request = { requestMethod: 'PUT' as const, requestUrl: 'http://x.test/note', requestBody: 'hello' };
    expect(toCurl({ ...request, headers: [] })).toContain(`-H 'Content-Type: text/plain; charset=utf-8'`);
    const own = toCurl({ ...request, headers: [{ key: 'content-type', value: 'text/csv' }] });
    expect(own).toContain(`-H 'content-type: text/csv'`);
    expect(own).not.toContain('Content-Type');
  });

  it('copies a HEAD as curl --head, and a GET, HEAD or TRACE without the body typed', () => {
    const request = { requestUrl: 'http://x.test/pets', headers: [], requestBody: '{"a":1}' };
    expect(toCurl({ ...request, requestMethod: 'HEAD' })).toBe(`curl --head 'http://x.test/pets'`);
    expect(toCurl({ ...request, requestMethod: 'TRACE' })).toBe(`curl -X TRACE 'http://x.test/pets'`);
    expect(toCurl({ ...request, requestMethod: 'OPTIONS' })).toContain(`--data-raw '{"a":1}'`);
  });
});
