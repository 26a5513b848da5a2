import type { DeclaredSchema } from '@sandbox/contracts';
import { generateValue } from '../model/generate/generate.js';
import { type JsonSchema, nameOfRef, toJsonSchema } from '../model/toJsonSchema.js';
import { essenceOf, mediaKind } from '../shared/mediaTypes.js';
import type { RequestModel } from './requestModel.js';

// spec §4 API Lab: a POST, PUT or PATCH body starts as a value of the request's schema, generated
// from the model like the sandbox's answers (the document's examples when they fit, else values made
// to fit type, format and bounds), as a request writes it: `readOnly` properties left out. Sent
// unchanged, it is a valid request.

/** The same template on every load of the Lab, whatever the API's own seed. */
const TEMPLATE_SEED = 1;

const TEMPLATE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** spec §4: other methods start with an empty body. */
export const takesBodyTemplate = (method: string) => TEMPLATE_METHODS.has(method.toUpperCase());

/**
 * The body the Lab starts a request with: a value of its JSON media type's schema, else of a form's
 * (an object of fields); undefined when the method takes no template or the body has no schema.
 */
export function requestBodyTemplate(
  method: string,
  body: RequestModel['body'],
  named: ReadonlyMap<string, DeclaredSchema>,
): unknown {
  if (!takesBodyTemplate(method) || !body) return undefined;
  const schema = templateSchemaOf(body.content);
  if (schema === undefined) return undefined;
  const converted = new Map<string, JsonSchema | undefined>();
  const resolve = (name: string) => {
    if (!converted.has(name)) {
      const declared = named.get(name);
      converted.set(name, declared === undefined ? undefined : toJsonSchema(declared, 'request'));
    }
    return converted.get(name);
  };
  return generateValue(schema, {
    name: nameOfRef(schema) ?? '',
    resolve,
    seed: TEMPLATE_SEED,
    direction: 'request',
  });
}

const isForm = (mediaType: string) =>
  mediaKind(mediaType) === 'form' || essenceOf(mediaType) === 'multipart/form-data';

/** The media type a template is written for: the first JSON one, else the first form one. */
export function templateMediaTypeOf(content: ReadonlyMap<string, JsonSchema>): string | undefined {
  const types = [...content.keys()];
  return types.find((type) => mediaKind(type) === 'json') ?? types.find(isForm);
}

/** The schema of the template's media type; a schema that allows anything has none. */
function templateSchemaOf(content: ReadonlyMap<string, JsonSchema>): JsonSchema | undefined {
  const chosen = templateMediaTypeOf(content);
  const schema = chosen === undefined ? undefined : content.get(chosen);
  if (schema === undefined || schema === true) return undefined;
  return typeof schema === 'object' && Object.keys(schema).length === 0 ? undefined : schema;
}
