import { describe, expect, it } from 'vitest';
import { responseLabel } from './responseLabel';

describe('response label', () => {
  it('joins the code and its text', () => {
    expect(responseLabel('200', 'OK')).toBe('200/OK');
    expect(responseLabel('404', 'Not Found')).toBe('404/Not Found');
  });

  it('shows the bare code when the text is unknown', () => {
    expect(responseLabel('299', undefined)).toBe('299');
  });
});
