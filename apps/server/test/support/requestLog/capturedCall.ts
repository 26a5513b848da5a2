import type { CapturedCall } from '../../../src/sandbox/capture.js';

/** A call as the sandbox hands it to the log. */
export function aCall(apiMasterId: number, path: string, at: number): CapturedCall {
  return {
    apiMasterId,
    at,
    method: 'GET',
    path,
    query: '',
    requestHeaders: {},
    credentialNames: { headers: [], query: [] },
    requestBody: null,
    requestBodyTruncated: false,
    route: { kind: 'not-found' },
    status: 404,
    responseHeaders: {},
    responseBody: null,
    responseBodyTruncated: false,
    durationMs: 1,
    problems: [],
    source: 'problem',
    simulated: null,
    forwarded: false,
    violations: [],
    bytes: 1024,
  };
}
