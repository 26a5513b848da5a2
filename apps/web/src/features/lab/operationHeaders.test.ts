import type { LabCredential } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import {
  aRow,
  operationHeaders,
  operationParams,
  withAuthorization,
  withOperationHeaders,
} from './labRequest';

const credential = (c: Omit<LabCredential, 'scheme'>): LabCredential => ({ scheme: 's', ...c });
const pairs = (rows: { key: string; value: string }[]) => rows.map((r) => [r.key, r.value]);

describe('what the Lab fills for the chosen method', () => {
  it("names the body's media type for a method that sends one, and puts each credential in its place", () => {
    const labCredentials = {
      filled: [
        credential({ in: 'header', name: 'Authorization', value: 'Bearer t' }),
        credential({ in: 'cookie', name: 'a', value: '1' }),
        credential({ in: 'cookie', name: 'b', value: '2' }),
        credential({ in: 'query', name: 'key', value: 'k' }),
      ],
      missing: [],
    };
    expect(operationHeaders('POST', { requestContentType: 'application/json', labCredentials })).toEqual([
      ['Content-Type', 'application/json'],
      ['Authorization', 'Bearer t'],
      ['Cookie', 'a=1; b=2'],
    ]);
    expect(operationHeaders('GET', { requestContentType: 'application/json' })).toEqual([]);
  });

  it("replaces the previous method's headers, keeping those the user set or changed and the API's token", () => {
    const first = withOperationHeaders(withAuthorization([aRow('X-Trace', '1')], 'sbx_1'), [
      ['Content-Type', 'application/json'],
      ['Authorization', 'Bearer sandbox-token'],
      ['api_key', 'sandbox-api-key'],
    ]);
    expect(pairs(first)).toEqual([
      ['Authorization', 'Bearer sbx_1'],
      ['X-Trace', '1'],
      ['Content-Type', 'application/json'],
      ['api_key', 'sandbox-api-key'],
    ]);
    const changed = first.map((r) =>
      r.key === 'api_key' ? { ...r, value: 'mine', fromOperation: false } : r,
    );
    expect(pairs(withOperationHeaders(changed, [['api_key', 'sandbox-api-key']]))).toEqual([
      ['Authorization', 'Bearer sbx_1'],
      ['X-Trace', '1'],
      ['api_key', 'mine'],
    ]);
  });

  it('fills an API key its security takes in the query, beside the declared query keys', () => {
    const key = credential({ in: 'query', name: 'key', value: 'k' });
    expect(pairs(operationParams(['limit', 'key'], [key]))).toEqual([
      ['limit', ''],
      ['key', 'k'],
    ]);
    expect(pairs(operationParams(['limit'], [key]))).toEqual([
      ['limit', ''],
      ['key', 'k'],
    ]);
  });
});
