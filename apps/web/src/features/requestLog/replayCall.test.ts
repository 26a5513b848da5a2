import { execFileSync } from 'node:child_process';
import type { LoggedRequest } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { labSeedOfCall } from './openInLab';
import { callUrl, curlCommand } from './replayCall';

const BASE = 'http://127.0.0.1:8080/sandbox/k3y';

function aCall(overrides: Partial<LoggedRequest> = {}): LoggedRequest {
  return {
    id: 1,
    at: '2026-11-24T05:00:00.000Z',
    method: 'GET',
    path: '/pets',
    query: '',
    requestHeaders: {},
    requestBody: null,
    requestBodyTruncated: false,
    endpointId: 7,
    endpoint: 'GET /pets',
    unmatched: null,
    status: 200,
    responseHeaders: {},
    responseBody: null,
    responseBodyTruncated: false,
    durationMs: 3,
    problems: [],
    source: 'generated',
    simulated: null,
    ...overrides,
  };
}

/** The arguments curl would receive when a POSIX shell runs `command`. */
function argumentsOf(command: string): string[] {
  const printed = execFileSync('sh', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], {
    encoding: 'utf8',
  });
  return printed.split('\0').slice(0, -1);
}

describe('Copy as cURL', () => {
  it('sends a GET to the sandbox URL with its query', () => {
    const command = curlCommand(aCall({ query: 'limit=2&tag=a%20b' }), BASE);
    expect(argumentsOf(command)).toEqual(['-X', 'GET', `${BASE}/pets?limit=2&tag=a%20b`]);
  });

  it('keeps every character of headers and body, quotes and dollars included, as the shell reads them', () => {
    const body = `{"name":"O'Brien","note":"$HOME \`id\` \\n"}\nsecond line`;
    const call = aCall({
      method: 'POST',
      requestHeaders: { 'content-type': 'application/json', 'x-note': "it's $PATH" },
      requestBody: body,
    });
    expect(argumentsOf(curlCommand(call, BASE))).toEqual([
      '-X',
      'POST',
      `${BASE}/pets`,
      '-H',
      'content-type: application/json',
      '-H',
      "x-note: it's $PATH",
      '--data-raw',
      body,
    ]);
  });

  it('leaves out the headers of the connection and keeps a masked credential masked', () => {
    const call = aCall({
      requestHeaders: {
        host: '127.0.0.1:8080',
        'content-length': '12',
        connection: 'keep-alive',
        'accept-encoding': 'gzip',
        authorization: 'Bearer ••••••',
        accept: 'application/json',
      },
    });
    expect(argumentsOf(curlCommand(call, BASE))).toEqual([
      '-X',
      'GET',
      `${BASE}/pets`,
      '-H',
      'authorization: Bearer ••••••',
      '-H',
      'accept: application/json',
    ]);
  });

  it('asks curl not to read brackets in the URL as ranges, and sends HEAD as --head', () => {
    const command = curlCommand(aCall({ method: 'HEAD', query: 'filter[kind]=cat' }), BASE);
    expect(argumentsOf(command)).toEqual(['--head', '--globoff', `${BASE}/pets?filter[kind]=cat`]);
  });

  it('puts one option a line', () => {
    const command = curlCommand(aCall({ requestHeaders: { accept: '*/*' } }), BASE);
    expect(command).toBe(`curl -X GET '${BASE}/pets' \\\n  -H 'accept: */*'`);
  });
});

describe('the call in the API Lab', () => {
  it('hands over the method, the URL without its query, the query as rows, the headers and the body', () => {
    const call = aCall({
      method: 'post',
      path: '/pets/12',
      query: 'a=1&b=two%20words',
      requestHeaders: { host: 'x', 'content-type': 'application/json' },
      requestBody: '{"name":"Rex"}',
    });
    expect(labSeedOfCall(call, { id: 3, apiBaseUrl: `${BASE}/` })).toEqual({
      apiMasterId: 3,
      endpointId: 7,
      method: 'POST',
      url: `${BASE}/pets/12`,
      query: [
        ['a', '1'],
        ['b', 'two words'],
      ],
      headers: [['content-type', 'application/json']],
      body: '{"name":"Rex"}',
    });
  });

  it('joins the sandbox URL and the path with one slash', () => {
    expect(callUrl({ path: '/pets', query: '' }, `${BASE}/`)).toBe(`${BASE}/pets`);
  });
});
