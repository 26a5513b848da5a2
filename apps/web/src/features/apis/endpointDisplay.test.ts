import { ENDPOINT_URL_DISPLAY_LENGTH } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { distinctiveEnd } from './endpointDisplay';

describe('the endpoint shown in the dashboard', () => {
  it('keeps the sandbox key, which tells two deployed APIs apart', () => {
    expect(distinctiveEnd('http://localhost:18080/sandbox/q3ZgUe0aXkD1BnYt', 20)).toBe(
      '.../q3ZgUe0aXkD1BnYt',
    );
    expect(distinctiveEnd('http://localhost:18080/sandbox/Zm9vYmFyYmF6cXV4', 20)).toBe(
      '.../Zm9vYmFyYmF6cXV4',
    );
  });

  it('stays within the spec length, cutting a long last segment from its start', () => {
    const shown = distinctiveEnd(
      'https://sandbox.example.com/s/abcdefghijklmnopqrstuvwxyz',
      ENDPOINT_URL_DISPLAY_LENGTH,
    );
    expect(shown).toBe('...jklmnopqrstuvwxyz');
    expect(shown.length).toBeLessThanOrEqual(ENDPOINT_URL_DISPLAY_LENGTH);
  });

  it('shows a short URL whole', () => {
    expect(distinctiveEnd('http://a.io/s/k', 20)).toBe('http://a.io/s/k');
  });
});
