// A Swagger 2.0 operation in its OpenAPI 3.0 form, the way swagger2openapi converts it: `body` and
// `formData` parameters become the request body, `produces` and `examples` by media type become each
// response's content, a parameter's or header's type becomes its schema, `collectionFormat` its style.
// Done here by hand, for the operation alone: see declareOperation.ts for what is resolved.
import type {
  DeclaredHeader,
  DeclaredMediaType,
  DeclaredOperation,
  DeclaredParameter,
  DeclaredRequestBody,
  DeclaredResponse,
} from '@sandbox/contracts';
import { recordMediaTypeOf } from '../shared/mediaTypes.js';
import { type DeclareContext, effectiveSecurity, statusKey } from './declareOperation.js';
import { childPointer } from './pointer.js';
import { isObject, type Json } from './resolveRef.js';
import type { LocatedParameter } from './toParameters.js';

// What a Swagger 2.0 parameter, header or items object says of its value: its 3.0 schema.
const SCHEMA_FIELDS = [
  'type',
  'format',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
];
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const OPERATION_DATA = ['operationId', 'summary', 'description', 'tags', 'deprecated', 'externalDocs'];

export interface Swagger2Media {
  consumes: string[];
  produces: string[];
}

export function declareSwagger2Operation(
  operation: Json,
  pointer: string,
  parameters: LocatedParameter[],
  media: Swagger2Media,
  context: DeclareContext,
): DeclaredOperation {
  const declared: DeclaredOperation = { parameters: [], responses: {} };
  for (const [key, value] of Object.entries(operation)) {
    if (!OPERATION_DATA.includes(key) && !key.startsWith('x-')) continue;
    context.budget.spendData(value, childPointer(pointer, key));
    declared[key as 'summary'] = value as string;
  }
  for (const parameter of parameters) {
    const place = parameter.value.in;
    if (place !== 'body' && place !== 'formData') declared.parameters.push(toParameter(parameter, context));
  }
  const requestBody = toRequestBody(parameters, media.consumes, context);
  if (requestBody) declared.requestBody = requestBody;
  const responses = { value: operation.responses, pointer: childPointer(pointer, 'responses') };
  if (isObject(responses.value)) {
    for (const [code, value] of Object.entries(responses.value)) {
      const response = context.catalog.resolver.follow({
        value,
        pointer: childPointer(responses.pointer, code),
      });
      if (!isObject(response.value)) continue;
      declared.responses[statusKey(code)] = toResponse(
        response.value,
        response.pointer,
        media.produces,
        context,
      );
    }
  }
  const security = effectiveSecurity(operation.security, pointer, context);
  if (security) declared.security = security;
  return declared;
}

function toParameter({ value, pointer }: LocatedParameter, context: DeclareContext): DeclaredParameter {
  const parameter: DeclaredParameter = { name: value.name, in: value.in };
  if (typeof value.description === 'string') parameter.description = value.description;
  // OpenAPI: a path parameter is always required
  if (value.required === true || value.in === 'path') parameter.required = true;
  if (value.allowEmptyValue === true) parameter.allowEmptyValue = true;
  parameter.schema = parameterSchema(value, pointer, context);
  Object.assign(parameter, styleOf(value));
  if ('x-example' in value) parameter.example = value['x-example'];
  return parameter;
}

/**
 * A parameter's or form field's schema. `allowEmptyValue: false` written out says the value may not
 * be empty: a string of at least one character (as Stoplight's reading of Swagger 2.0 has it).
 */
function parameterSchema(value: Json, pointer: string, context: DeclareContext): Json {
  const schema = toSchema(value, pointer, context);
  if (value.allowEmptyValue === false) schema.minLength = Math.max(1, Number(schema.minLength) || 0);
  return schema;
}

/** The 3.0 schema of a Swagger 2.0 parameter, header or items object (the type is written on it). */
function toSchema(value: Json, pointer: string, context: DeclareContext): Json {
  const schema: Json = {};
  for (const field of SCHEMA_FIELDS) {
    if (value[field] === undefined) continue;
    context.budget.spendData(value[field], childPointer(pointer, field));
    schema[field] = value[field];
  }
  if (schema.type === 'file') {
    schema.type = 'string';
    schema.format = 'binary';
  }
  if (isObject(value.items)) schema.items = toSchema(value.items, childPointer(pointer, 'items'), context);
  return schema;
}

/** `collectionFormat` as 3.0's style and explode; Swagger 2.0's default, csv, is 3.0's `explode: false`. */
function styleOf(value: Json): { style?: string; explode?: boolean } {
  if (value.type !== 'array') return {};
  const format = typeof value.collectionFormat === 'string' ? value.collectionFormat : 'csv';
  if (value.in === 'path' || value.in === 'header') return { style: 'simple', explode: false };
  if (format === 'multi') return { style: 'form', explode: true };
  if (format === 'ssv') return { style: 'spaceDelimited', explode: false };
  if (format === 'pipes') return { style: 'pipeDelimited', explode: false };
  return { style: 'form', explode: false };
}

/** The `body` parameter for each of `consumes`, or the `formData` parameters as one object schema. */
function toRequestBody(
  parameters: LocatedParameter[],
  consumes: string[],
  context: DeclareContext,
): DeclaredRequestBody | undefined {
  const body = parameters.find((parameter) => parameter.value.in === 'body');
  if (body) {
    const { schema, required, description } = body.value;
    const declared: DeclaredRequestBody = { content: {} };
    if (typeof description === 'string') declared.description = description;
    if (required === true) declared.required = true;
    const examples = isObject(body.value['x-examples']) ? body.value['x-examples'] : {};
    for (const mediaType of consumes) {
      const media: DeclaredMediaType = {};
      if (schema !== undefined) {
        media.schema = context.schemas.declare({
          value: schema,
          pointer: childPointer(body.pointer, 'schema'),
        });
      }
      if (mediaType in examples) media.example = examples[mediaType];
      declared.content[mediaType] = media;
    }
    return declared;
  }
  const fields = parameters.filter((parameter) => parameter.value.in === 'formData');
  if (fields.length === 0) return undefined;
  const properties: Json = {};
  for (const field of fields) {
    const property = parameterSchema(field.value, field.pointer, context);
    if (typeof field.value.description === 'string') property.description = field.value.description;
    properties[field.value.name] = property;
  }
  const required = fields.filter((field) => field.value.required === true).map((field) => field.value.name);
  const schema: Json = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  const hasFile = fields.some((field) => field.value.type === 'file');
  const declaredTypes = consumes.filter((mediaType) => FORM_TYPES.includes(mediaType));
  const mediaTypes = declaredTypes.length > 0 ? declaredTypes : [hasFile ? FORM_TYPES[1] : FORM_TYPES[0]];
  const content: Record<string, DeclaredMediaType> = {};
  for (const mediaType of mediaTypes as string[]) {
    const media: DeclaredMediaType = { schema };
    const encoding = context.prism ? prismEncoding(fields) : formEncoding(fields);
    if ((context.prism || mediaType === FORM_TYPES[0]) && encoding) media.encoding = encoding;
    content[mediaType] = media;
  }
  return required.length > 0 ? { required: true, content } : { content };
}

function formEncoding(fields: LocatedParameter[]): Record<string, unknown> | undefined {
  const arrays = fields.filter((field) => field.value.type === 'array');
  if (arrays.length === 0) return undefined;
  return Object.fromEntries(
    arrays.map((field) => [field.value.name, styleOf({ ...field.value, in: 'query' })]),
  );
}

/** Prism's names (http-spec) for the formats a field's list may be written in. */
const PRISM_FORMATS: Record<string, { style: string; explode: boolean }> = {
  csv: { style: 'commaDelimited', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  multi: { style: 'form', explode: true },
};

/**
 * The encodings Prism reads from form fields: only a `collectionFormat` written out, in its own
 * terms (`commaDelimited` is Prism's, not OpenAPI's), on every form media type.
 */
function prismEncoding(fields: LocatedParameter[]): Record<string, unknown> | undefined {
  const written = fields.flatMap((field) => {
    const format = field.value.collectionFormat;
    return typeof format === 'string' && Object.hasOwn(PRISM_FORMATS, format)
      ? [[field.value.name, PRISM_FORMATS[format]] as const]
      : [];
  });
  return written.length > 0 ? Object.fromEntries(written) : undefined;
}

/**
 * `schema` for each of `produces`, with `examples[mediaType]` as its example; an example of a media
 * type `produces` does not name adds that type. No schema and no example: a response with no body.
 */
function toResponse(
  value: Json,
  pointer: string,
  produces: string[],
  context: DeclareContext,
): DeclaredResponse {
  const response: DeclaredResponse = {};
  if (typeof value.description === 'string') response.description = value.description;
  if (isObject(value.headers)) {
    const headers: Record<string, DeclaredHeader> = {};
    for (const [name, header] of Object.entries(value.headers)) {
      if (!isObject(header)) continue;
      const at = childPointer(pointer, 'headers', name);
      const declared: DeclaredHeader = { schema: toSchema(header, at, context) };
      if (typeof header.description === 'string') declared.description = header.description;
      if ('x-example' in header) declared.example = header['x-example'];
      headers[name] = declared;
    }
    response.headers = headers;
  }
  const examples = isObject(value.examples) ? value.examples : {};
  const schema =
    value.schema === undefined
      ? undefined
      : context.schemas.declare({ value: value.schema, pointer: childPointer(pointer, 'schema') });
  const mediaTypes = schema === undefined ? [] : [...produces];
  for (const mediaType of Object.keys(examples))
    if (!mediaTypes.includes(mediaType)) mediaTypes.push(mediaType);
  if (mediaTypes.length === 0) return response;
  response.content = {};
  for (const mediaType of mediaTypes) {
    const media: DeclaredMediaType = {};
    if (schema !== undefined) media.schema = schema;
    if (mediaType in examples) {
      context.budget.spendData(examples[mediaType], childPointer(pointer, 'examples', mediaType));
      media.example = examples[mediaType];
    }
    response.content[mediaType] = media;
  }
  // the media type records are kept in answers the first example when none is its own (a `*/*`
  // example answers `text/plain`), as Prism answers it
  const kept = recordMediaTypeOf(produces.length > 0 ? produces : Object.keys(examples));
  const first = Object.keys(examples)[0];
  if (kept !== undefined && first !== undefined && Object.hasOwn(response.content, kept)) {
    const media = response.content[kept];
    if (!('example' in media)) media.example = examples[first];
  }
  return response;
}
