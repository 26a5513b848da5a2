import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { harnessFolder } from './harness/harnessFolder.js';
import { agreementOf, runHarness } from './harness/runHarness.js';

// Prism's own end-to-end cases, run against api-sandbox (HARNESS.md lists those that differ, and why).
// The count is the agreement reached so far: a change that loses a case fails here.
const AGREEING_AT_LEAST = 298;

it('agrees with Prism on its harness cases at least as often as it did', { timeout: 600_000 }, async () => {
  const specs = join(harnessFolder(), 'specs');
  expect(existsSync(specs), `Prism's harness is not at ${specs}: set PRISM_HARNESS`).toBe(true);
  const results = await runHarness(specs, { parallel: 3 });
  const total = agreementOf(results).at(-1);
  const differing = results.filter((r) => r.outcome === 'differs').map((r) => r.file);
  expect(total?.agree, `cases that differ:\n${differing.join('\n')}`).toBeGreaterThanOrEqual(
    AGREEING_AT_LEAST,
  );
});
