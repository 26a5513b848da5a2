import { messages } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { failureMessage } from './api';

describe('catalog failure messages', () => {
  it('shows the server detail when there is one', () => {
    expect(failureMessage(new HttpError(400, 'Invalid document', 'paths./pets.get: missing responses'))).toBe(
      'paths./pets.get: missing responses',
    );
  });

  it('falls back to the generic message', () => {
    expect(failureMessage(new HttpError(500, 'boom'))).toBe(messages.somethingWrong);
    expect(failureMessage(new TypeError('fetch failed'))).toBe(messages.somethingWrong);
  });
});
