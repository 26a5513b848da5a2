import { describe, expect, it } from 'vitest';
import { formatDuration, prettyBody, simulationSummary, statusColour, statusLabel } from './callDisplay';

describe('a logged call on screen', () => {
  it('shows a dropped connection as Dropped, and colours each status class', () => {
    expect(statusLabel(0)).toBe('Dropped');
    expect(statusLabel(404)).toBe('404');
    expect([0, 201, 304, 422, 503].map(statusColour)).toEqual([
      'default',
      'success',
      'info',
      'warning',
      'error',
    ]);
  });

  it('reads durations in milliseconds under a second and in seconds above', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(2004)).toBe('2.00 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
  });

  it('indents a JSON body and keeps any other as it came', () => {
    expect(prettyBody('{"a":[1]}')).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', json: true });
    expect(prettyBody('<a/>')).toEqual({ text: '<a/>', json: false });
  });

  it('says what the simulation did', () => {
    expect(simulationSummary(null)).toBeNull();
    expect(simulationSummary({ delayMs: 0, failed: false })).toBeNull();
    expect(simulationSummary({ delayMs: 2000, failed: true })).toBe('Delayed 2.00 s, failed on purpose');
    expect(simulationSummary({ delayMs: 0, failed: true })).toBe('Failed on purpose');
  });
});
