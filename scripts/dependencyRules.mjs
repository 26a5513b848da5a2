// `npm run deps`: the layout rules of .dependency-cruiser.cjs, checked by dependency-cruiser, against
// the baseline of breaks the code still has (.dependency-cruiser-known-violations.json). The command
// line's --ignore-known forgives known breaks between modules only, not those between folders (the
// capability cycles), so the baseline is applied here to both. A break the baseline does not list
// fails; so does a listed one that is gone, so that the baseline shrinks with the code
// (`npm run deps -- --baseline` writes it anew).
import { readFileSync, writeFileSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const SOURCES = ['apps/server/src', 'apps/web/src', 'packages'];
const BASELINE = '.dependency-cruiser-known-violations.json';

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const babelConfig = await extractBabelConfig(options.babelConfig.fileName);
const { output } = await cruise(SOURCES, options, {}, { babelConfig });
const breaks = output.summary.violations.map(({ rule, from, to }) => ({ rule: rule.name, from, to }));
const keyOf = (b) => `${b.rule}: ${b.from} → ${b.to}`;

if (process.argv.includes('--baseline')) {
  writeFileSync(
    BASELINE,
    `${JSON.stringify(
      breaks.sort((a, b) => keyOf(a).localeCompare(keyOf(b))),
      null,
      2,
    )}\n`,
  );
  console.log(`${BASELINE}: ${breaks.length} known breaks`);
  process.exit(0);
}

const known = new Set(JSON.parse(readFileSync(BASELINE, 'utf8')).map(keyOf));
const found = new Set(breaks.map(keyOf));
const added = [...found].filter((key) => !known.has(key));
const gone = [...known].filter((key) => !found.has(key));
for (const key of added) console.error(`new break of ${key}`);
for (const key of gone) console.error(`gone from the code, still in ${BASELINE}: ${key}`);
if (gone.length > 0) console.error('Remove what is gone from the baseline: npm run deps -- --baseline');
const modules = output.summary.totalCruised;
console.log(
  `${modules} modules: ${found.size} known breaks of the layout rules, ${added.length} new, ${gone.length} gone`,
);
process.exitCode = added.length + gone.length > 0 ? 1 : 0;
