import type { RequestConfig } from '@sandbox/contracts';
import { childPointer } from './pointer.js';
import { isObject, type Json, type Located } from './resolveRef.js';
import type { LocatedParameter } from './toParameters.js';
import type { SchemaCatalog } from './toSchemas.js';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** OpenAPI 3: one request config per media type of `requestBody.content`. */
export function requestsOfOpenApi(
  requestBody: Located,
  catalog: SchemaCatalog,
  name: string,
): RequestConfig[] {
  if (requestBody.value === undefined) return [];
  const body = catalog.resolver.followObject(requestBody, 'A request body');
  const { content } = body.value;
  if (content === undefined) return [];
  const warnings = catalog.warnings;
  if (!isObject(content)) {
    warnings.add(childPointer(body.pointer, 'content'), 'The content must be an object: it is left out');
    return [];
  }
  const isRequired = body.value.required === true;
  return Object.entries(content).flatMap(([contentType, media]) => {
    const pointer = childPointer(body.pointer, 'content', contentType);
    if (!isObject(media)) {
      warnings.add(pointer, 'A media type must be an object: it is left out');
      return [];
    }
    const schemaName =
      media.schema === undefined
        ? null
        : catalog.nameBody({ value: media.schema, pointer: childPointer(pointer, 'schema') }, name);
    return [{ contentType, schemaName, isRequired }];
  });
}

/** Swagger 2: a `body` parameter for each of `consumes`, or the `formData` parameters as one object. */
export function requestsOfSwagger(
  parameters: LocatedParameter[],
  consumes: string[],
  catalog: SchemaCatalog,
  name: string,
): RequestConfig[] {
  const body = parameters.find((parameter) => parameter.value.in === 'body');
  if (body) {
    const { schema, required } = body.value;
    const schemaName =
      schema === undefined
        ? null
        : catalog.nameBody({ value: schema, pointer: childPointer(body.pointer, 'schema') }, name);
    return consumes.map((contentType) => ({ contentType, schemaName, isRequired: required === true }));
  }
  const fields = parameters.filter((parameter) => parameter.value.in === 'formData');
  if (fields.length === 0) return [];
  const form: Json = {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.value.name, field.value])),
    required: fields.filter((field) => field.value.required === true).map((field) => field.value.name),
  };
  const pointer = (fields[0] as LocatedParameter).pointer;
  const schemaName = catalog.nameBody({ value: form, pointer }, name);
  const hasFile = fields.some((field) => field.value.type === 'file');
  const declared = consumes.filter((contentType) => FORM_TYPES.includes(contentType));
  const contentTypes = declared.length > 0 ? declared : [hasFile ? 'multipart/form-data' : FORM_TYPES[0]];
  return (contentTypes as string[]).map((contentType) => ({
    contentType,
    schemaName,
    isRequired: fields.some((field) => field.value.required === true),
  }));
}
