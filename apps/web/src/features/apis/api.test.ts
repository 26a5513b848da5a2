import { messages } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { failureMessage, importFailureMessage } from './api';

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

describe('import failure messages', () => {
  it('shows the reason and the place of a refused document', () => {
    const refused = new HttpError(
      400,
      'The file is not valid YAML: Flow sequence must be indented',
      'line 9, column 1',
    );
    expect(importFailureMessage(refused)).toBe(
      'The file is not valid YAML: Flow sequence must be indented (line 9, column 1)',
    );
  });

  it('shows the reason alone when the server names no place', () => {
    expect(importFailureMessage(new HttpError(400, 'The file is empty'))).toBe('The file is empty');
  });

  it('falls back to the generic message when the server fails', () => {
    expect(importFailureMessage(new HttpError(500, 'Internal server error'))).toBe(messages.somethingWrong);
    expect(importFailureMessage(new TypeError('fetch failed'))).toBe(messages.somethingWrong);
  });
});
