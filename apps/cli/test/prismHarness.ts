// `npm run test:prism-harness`: Prism's end-to-end cases run against api-sandbox, agreement printed
// per folder with each case that differs. PRISM_HARNESS names the harness folder (default
// ../shared/prism-harness from the repository root); TESTS picks cases by part of their path;
// HARNESS_PROGRAM runs another program in api-sandbox's place (node_modules/.bin/prism: Prism's own
// agreement with its cases, for comparison); HARNESS_PARALLEL sets how many cases run at once (3).

import { join } from 'node:path';
import { harnessFolder } from './harness/harnessFolder.js';
import { agreementOf, runHarness } from './harness/runHarness.js';

const only = process.env.TESTS?.split(',');
const results = await runHarness(join(harnessFolder(), 'specs'), {
  only,
  parallel: Number(process.env.HARNESS_PARALLEL ?? 3),
});
for (const r of results.filter((r) => r.outcome === 'differs')) {
  console.log(`DIFFERS ${r.file}`);
  for (const d of r.differences) console.log(`    ${d}`);
}
console.log('');
for (const { folder, agree, run, notRun } of agreementOf(results)) {
  const percent = run === 0 ? '-' : `${((100 * agree) / run).toFixed(1)} %`;
  console.log(
    `${folder.padEnd(36)} ${String(agree).padStart(4)} / ${String(run).padEnd(4)} ${percent.padStart(8)}${notRun ? `   (${notRun} not run)` : ''}`,
  );
}
