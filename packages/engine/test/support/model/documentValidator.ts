import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../../src/model/toJsonSchema.js';

// The standard's own judge for generated values: Ajv (2020-12) with ajv-formats, over a document's
// named schemas. Tests only: it compiles the document's patterns with JavaScript's RegExp.

const DOCUMENT = 'https://generate.test/document.json';

export interface DocumentUnderTest {
  resolve: (name: string) => JsonSchema | undefined;
  /** Ajv's errors for the value against the named schema, or an empty list when it validates. */
  errorsOf: (name: string, value: unknown) => string[];
  /** The same for values of many named schemas at once (one compilation: quicker on large documents). */
  errorsOfEach: (values: Record<string, unknown>) => string[];
}

function ajvFor(schemas: Record<string, JsonSchema>, allErrors: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors,
    inlineRefs: false,
    validateSchema: false,
    code: { optimize: false },
  });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT, components: { schemas } });
  return ajv;
}

const pointerTo = (name: string) =>
  `${DOCUMENT}#/components/schemas/${encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'))}`;

type Validate = ReturnType<Ajv2020['compile']>;
const messages = (validate: Validate) =>
  (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} (${e.schemaPath})`);

export function documentUnderTest(schemas: Record<string, JsonSchema>): DocumentUnderTest {
  const ajv = ajvFor(schemas, false);
  let everySchema: Validate | undefined;
  return {
    resolve: (name) => (Object.hasOwn(schemas, name) ? schemas[name] : undefined),
    errorsOf: (name, value) => {
      const validate = ajv.getSchema(pointerTo(name));
      if (!validate) throw new Error(`no schema named ${name}`);
      return validate(value) ? [] : messages(validate);
    },
    errorsOfEach: (values) => {
      everySchema ??= ajvFor(schemas, true).compile({
        type: 'object',
        properties: Object.fromEntries(Object.keys(schemas).map((name) => [name, { $ref: pointerTo(name) }])),
      });
      return everySchema(values) ? [] : messages(everySchema);
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
