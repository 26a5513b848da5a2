import { describe, expect, it } from 'vitest';
import './zodWithoutEval';
import { config, z } from 'zod';

describe('zod in the browser', () => {
  it('never compiles a parser with eval, which the Content-Security-Policy forbids', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Pets' })).toEqual({ name: 'Pets' });
  });
});
