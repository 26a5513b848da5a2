import { messages } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { resetFailureMessage, setPasswordFailureMessage } from './passwordApi';

describe('password failure messages', () => {
  it('calls a 401 reset an invalid code and anything else something wrong', () => {
    expect(resetFailureMessage(new HttpError(401, 'x'))).toBe(messages.invalidOtp);
    expect(resetFailureMessage(new HttpError(400, 'x'))).toBe(messages.somethingWrong);
    expect(resetFailureMessage(new TypeError('fetch failed'))).toBe(messages.somethingWrong);
  });

  it('tells a refused set-password apart from an unreachable server', () => {
    expect(setPasswordFailureMessage(new HttpError(400, 'x'))).toBe(messages.setPasswordFailed);
    expect(setPasswordFailureMessage(new HttpError(401, 'x'))).toBe(messages.setPasswordFailed);
    expect(setPasswordFailureMessage(new TypeError('fetch failed'))).toBe(messages.setPasswordError);
  });
});
