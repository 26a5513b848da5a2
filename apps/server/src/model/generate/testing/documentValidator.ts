import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../toJsonSchema.js';

// The standard's own judge for generated values: Ajv (2020-12) with ajv-formats, over a document's
// named schemas. Tests only: it compiles the document's patterns with JavaScript's RegExp.

const DOCUMENT = 'https://generate.test/document.json';

export interface DocumentUnderTest {
  resolve: (name: string) => JsonSchema | undefined;
  /** Ajv's errors for the value against the named schema, or an empty list when it validates. */
  errorsOf: (name: string, value: unknown) => string[];
}

export function documentUnderTest(schemas: Record<string, JsonSchema>): DocumentUnderTest {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT, components: { schemas } });
  return {
    resolve: (name) => (Object.hasOwn(schemas, name) ? schemas[name] : undefined),
    errorsOf: (name, value) => {
      const pointer = encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
      const validate = ajv.getSchema(`${DOCUMENT}#/components/schemas/${pointer}`);
      if (!validate) throw new Error(`no schema named ${name}`);
      if (validate(value)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} (${e.schemaPath})`);
    },
  };
}

/** A schema written in a test, validated as the document's only named schema beside `others`. */
export function errorsAgainst(
  schema: JsonSchema,
  value: unknown,
  others: Record<string, JsonSchema> = {},
): string[] {
  return documentUnderTest({ ...others, __case: schema }).errorsOf('__case', value);
}
