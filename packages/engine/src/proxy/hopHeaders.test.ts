import { describe, expect, it } from 'vitest';
import { forwardedRequestHeaders, returnedAnswerHeaders } from './hopHeaders.js';

describe('the headers a proxy carries across', () => {
  it('leaves out those of one connection, and those its Connection header names', () => {
    const request = {
      host: 'sandbox.example',
      connection: 'keep-alive, X-Hop',
      'keep-alive': 'timeout=5',
      'x-hop': '1',
      'content-length': '12',
      'accept-encoding': 'gzip',
      'content-type': 'application/json',
      cookie: ['a=1', 'b=2'],
      authorization: 'Bearer t',
    };
    expect(forwardedRequestHeaders(request)).toEqual({
      'content-type': 'application/json',
      cookie: ['a=1', 'b=2'],
      authorization: 'Bearer t',
    });
    expect(forwardedRequestHeaders(request, ['authorization'])).not.toHaveProperty('authorization');
  });

  it('hands an answer back without its transfer coding, nor what the proxy sets itself', () => {
    const answer = {
      'transfer-encoding': 'chunked',
      'content-length': 20,
      'set-cookie': ['a=1', 'b=2'],
      etag: '"1"',
    };
    expect(returnedAnswerHeaders(answer, ['content-length'])).toEqual({
      'set-cookie': ['a=1', 'b=2'],
      etag: '"1"',
    });
  });
});
