import { readdirSync, readFileSync } from 'node:fs';
import { it } from 'vitest';
import { parse } from 'yaml';
import { toJsonSchemas } from '../toJsonSchema.js';
import { generateValue } from './generate.js';
import { documentUnderTest } from './testing/documentValidator.js';

const DIR = '/work/main/apps/server/test-fixtures/corpus/';
it('corpus', () => {
  for (const file of readdirSync(DIR).filter((f) => /\.(json|ya?ml)$/.test(f))) {
    const text = readFileSync(DIR + file, 'utf8');
    const doc = file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 });
    const schemas = toJsonSchemas(doc.components?.schemas ?? doc.definitions ?? {}, 'response');
    const d = documentUnderTest(schemas);
    const t = performance.now();
    for (const seed of [1, 2, 3]) {
      const values = Object.fromEntries(
        Object.keys(schemas).map((name) => [
          name,
          generateValue({ $ref: `#/components/schemas/${name}` }, { resolve: d.resolve, seed, name }),
        ]),
      );
      const errors = d.errorsOfEach(values);
      if (errors.length)
        console.log(
          file,
          seed,
          errors.slice(0, 5),
          errors.slice(0, 3).map((e) => JSON.stringify(values[e.split('/')[1]]).slice(0, 400)),
        );
    }
    console.log(file, Object.keys(schemas).length, Math.round(performance.now() - t));
  }
}, 300_000);
