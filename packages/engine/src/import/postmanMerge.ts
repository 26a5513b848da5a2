// Requests of one method and path in a Postman collection, as Stoplight Prism reads them (http-spec's
// mergeOperations): one operation, the first request's, whose request body is either request's body
// (`anyOf` their schemas, each inferred from its example), whose parameters are those of both (one
// that only some requests send is not required), and whose responses are all the requests' saved ones.

import { isDeepStrictEqual } from 'node:util';
import { isObject, type Json } from './resolveRef.js';

const isExclusivelyAnyOf = (schema: Json) => Array.isArray(schema.anyOf) && Object.keys(schema).length === 1;

/** One schema of both: `anyOf` the two, each alternative once; the one schema when they are equal. */
function mergeSchemas(first: unknown, second: unknown): unknown {
  if (!isObject(first) || !isObject(second)) return first ?? second;
  const alternatives = (schema: Json) =>
    isExclusivelyAnyOf(schema) ? (schema.anyOf as unknown[]) : [schema];
  const merged = [...alternatives(first)];
  for (const schema of alternatives(second))
    if (!merged.some((known) => isDeepStrictEqual(known, schema))) merged.push(schema);
  return merged.length === 1 ? merged[0] : { anyOf: merged };
}

const sameParameter = (a: Json, b: Json) =>
  a.in === b.in && String(a.name).toLowerCase() === String(b.name).toLowerCase();

/** Both requests' parameters: one both send keeps the first's, with both schemas; another is optional. */
function mergeParameters(first: unknown, second: unknown): Json[] {
  const firsts = Array.isArray(first) ? first.filter(isObject) : [];
  const seconds = Array.isArray(second) ? second.filter(isObject) : [];
  // a path parameter is in every request of the path, and OpenAPI has it required
  const optional = (parameter: Json) =>
    parameter.in === 'path' ? parameter : { ...parameter, required: false };
  const merged = firsts.map((p1) => {
    const p2 = seconds.find((p) => sameParameter(p1, p));
    if (!p2) return optional(p1);
    return {
      ...p2,
      ...p1,
      required: p1.required === true && p2.required === true,
      schema: mergeSchemas(p1.schema, p2.schema),
    };
  });
  const onlySecond = seconds.filter((p2) => !firsts.some((p1) => sameParameter(p1, p2))).map(optional);
  return [...merged, ...onlySecond];
}

/** Either request's body: per media type, `anyOf` their schemas; the first's example. */
function mergeBodies(first: unknown, second: unknown): Json | undefined {
  if (!isObject(first) || !isObject(second))
    return isObject(first) ? first : isObject(second) ? second : undefined;
  const content: Json = { ...(isObject(first.content) ? first.content : {}) };
  const seconds = isObject(second.content) ? second.content : {};
  for (const [mediaType, media] of Object.entries(seconds)) {
    const known = Object.keys(content).find((type) => type.toLowerCase() === mediaType.toLowerCase());
    if (known === undefined || !isObject(content[known]) || !isObject(media)) {
      if (known === undefined) content[mediaType] = media;
      continue;
    }
    const kept = content[known] as Json;
    content[known] = { ...kept, schema: mergeSchemas(kept.schema, media.schema) };
  }
  const description = [first.description, second.description].filter(Boolean).join('; ');
  return {
    ...first,
    ...(description ? { description } : {}),
    ...(first.required === true && second.required === true ? { required: true } : { required: undefined }),
    content,
  };
}

/** The operation of requests of one method and path, in the collection's order. */
export function mergeOperations([first, ...others]: [Json, ...Json[]]): Json {
  const merged = { ...first };
  for (const other of others) {
    merged.parameters = mergeParameters(merged.parameters, other.parameters);
    merged.requestBody = mergeBodies(merged.requestBody, other.requestBody);
  }
  return merged;
}
