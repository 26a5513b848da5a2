import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// The export of an imported API is its document as the import kept it: valid OpenAPI 3.1, and the
// same document again once exported, imported and exported anew.

const examples = dirname(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
);
const oasExample = (path: string) => join(examples, '..', '..', path);
const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../../test-fixtures/corpus');

/** [name, path]: documents of every version and form, with discriminators, cycles and parameter styles. */
const documents: [string, string][] = [
  ...[
    '2.0/json/petstore.json',
    '2.0/json/schema-circular.json',
    '3.0/json/discriminators.json',
    '3.0/yaml/parameters-style.yaml',
    '3.0/json/schema-circular.json',
    '3.0/yaml/response-examples.yaml',
    '3.0/json/readme-extensions.json',
    '3.1/json/petstore.json',
    '3.1/json/schema-types.json',
  ].map((path): [string, string] => [`oas-examples ${path}`, oasExample(path)]),
  // the project's corpus of public documents, whatever it holds when the test runs
  ...readdirSync(corpusDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(json|ya?ml)$/.test(entry.name))
    .map((entry): [string, string] => [`corpus ${entry.name}`, join(corpusDir, entry.name)]),
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `METHOD /path` of every operation a document declares, sorted. */
function operationsOf(document: { paths?: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((m) => `${m} ${path}`),
    )
    .sort();
}

function namedSchemasOf(document: { definitions?: object; components?: { schemas?: object } }): string[] {
  return Object.keys(document.components?.schemas ?? document.definitions ?? {}).sort();
}

describe.each(dialects)('exporting an imported API on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the export wrote
  async function importAndExport(text: string, fileName: string): Promise<Record<string, any>> {
    const imported = await importApi(app, auth, text, fileName);
    expect(imported.statusCode, imported.body).toBe(201);
    const exported = await app.server.inject({
      url: `/api/api-config-master/${imported.json().id}/openapi`,
      headers: auth,
    });
    expect(exported.statusCode).toBe(200);
    return exported.json();
  }

  it.each(documents)(
    'exports %s as valid OpenAPI 3.1 that imports and exports again to the same document',
    async (name, path) => {
      const first = await importAndExport(readFileSync(path, 'utf8'), path.slice(path.lastIndexOf('/') + 1));
      const validation = await new Validator().validate(structuredClone(first));
      expect(validation.errors ?? [], name).toEqual([]);
      expect(validation.valid).toBe(true);
      const second = await importAndExport(JSON.stringify(first), 'exported.json');
      expect(second).toEqual(first);
      const original = parse(readFileSync(path, 'utf8'), { maxAliasCount: -1 });
      expect(operationsOf(first)).toEqual(operationsOf(original));
      expect(Object.keys(first.components.schemas).sort()).toEqual(namedSchemasOf(original));
    },
    60_000,
  );

  it('keeps what the document declares beside what the product acts on', async () => {
    const exported = await importAndExport(
      readFileSync(oasExample('3.0/json/petstore.json'), 'utf8'),
      'p.json',
    );
    const pet = (exported.components as { schemas: Record<string, Record<string, unknown>> }).schemas.Pet;
    expect(pet.xml).toEqual({ name: 'Pet' });
    expect(pet.required).toEqual(['name', 'photoUrls']);
    const findByStatus = (exported.paths as Record<string, Record<string, Record<string, unknown>>>)[
      '/pet/findByStatus'
    ].get;
    expect(findByStatus.summary).toBe('Finds Pets by status');
    expect(findByStatus.security).toEqual([{ petstore_auth: ['write:pets', 'read:pets'] }]);
    expect(
      (exported.components as { securitySchemes: Record<string, { type: string }> }).securitySchemes.api_key
        .type,
    ).toBe('apiKey');
  });
});
