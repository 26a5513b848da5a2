import { messages } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { registerFailureMessage, resendFailureMessage, signInFailureMessage } from './api';

describe('account failure messages', () => {
  it('asks to verify the e-mail when sign-in answers 400', () => {
    expect(signInFailureMessage(new HttpError(400, 'x'))).toBe(messages.loginUnverified);
  });

  it('reports wrong credentials for 403 and network failures', () => {
    expect(signInFailureMessage(new HttpError(403, 'x'))).toBe(messages.loginFailed);
    expect(signInFailureMessage(new TypeError('fetch failed'))).toBe(messages.loginFailed);
  });

  it('says a 429 checked no password, and when to try again', () => {
    const refused = 'Too many sign-in attempts, so the password was not checked.';
    const after = (seconds?: number) =>
      signInFailureMessage(new HttpError(429, 'x', undefined, undefined, seconds));
    expect(after(900)).toBe(`${refused} Try again in 15 minutes.`);
    expect(after(61)).toBe(`${refused} Try again in 2 minutes.`);
    expect(after(60)).toBe(`${refused} Try again in 1 minute.`);
    expect(after(1)).toBe(`${refused} Try again in 1 second.`);
    expect(after()).toBe(`${refused} Try again later.`);
  });

  it('shows the server reason for a rejected registration, else the taken message', () => {
    expect(registerFailureMessage(new HttpError(400, 'Invalid email address.'))).toBe(
      'Invalid email address.',
    );
    expect(registerFailureMessage(new HttpError(409, 'taken'))).toBe(messages.registerFailed);
    expect(registerFailureMessage(new Error('offline'))).toBe(messages.registerFailed);
  });

  // An unknown or verified address answers 200 like a sent link: only real failures land here.
  it('maps resend-link failures', () => {
    expect(resendFailureMessage(new HttpError(400, 'x'))).toBe(messages.resendOther);
    expect(resendFailureMessage(new HttpError(429, 'x'))).toBe(messages.resendIncorrect);
    expect(resendFailureMessage(new HttpError(500, 'x'))).toBe(messages.resendIncorrect);
    expect(resendFailureMessage(new HttpError(403, 'x'))).toBe(messages.resendIncorrect);
  });
});
