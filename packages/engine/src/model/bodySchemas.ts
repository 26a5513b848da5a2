// The schemas of an operation's bodies as the model declares them (a reference to a named schema, or
// inline): what the records of its test data, and the records the sandbox keeps, are made of.
import type { DeclaredOperation, DeclaredResponse, DeclaredSchema } from '@sandbox/contracts';
import { recordMediaTypeOf } from '../shared/mediaTypes.js';

/** The request body's schema: its first media type's that declares one. */
export function requestBodySchemaOf(operation: DeclaredOperation): DeclaredSchema | undefined {
  const media = Object.values(operation.requestBody?.content ?? {});
  return media.find((m) => m.schema !== undefined)?.schema;
}

/** A response's body schema, in the media type records are kept in. */
export function responseBodySchemaOf(response: DeclaredResponse): DeclaredSchema | undefined {
  const content = response.content ?? {};
  const type = recordMediaTypeOf(Object.keys(content));
  return type === undefined ? undefined : content[type].schema;
}

/**
 * The body schema of each successful response that declares one, the lowest status first (an
 * object's integer keys iterate in ascending order; `2XX` comes after them).
 */
export function successBodySchemasOf(operation: DeclaredOperation): DeclaredSchema[] {
  return Object.entries(operation.responses)
    .filter(([code]) => code.startsWith('2'))
    .map(([, response]) => responseBodySchemaOf(response))
    .filter((schema) => schema !== undefined);
}
