import type {
  DeclaredHeader,
  DeclaredMediaType,
  DeclaredOperation,
  DeclaredSchema,
  DeclaredSchemas,
  SecurityScheme,
} from '@sandbox/contracts';
import { type JsonSchema, toJsonSchema } from '@sandbox/engine/model/toJsonSchema';
import { isJsonObject } from '@sandbox/engine/shared/jsonObjects';

// The export of an API that has a model: its operations and named schemas as the document declared
// them (and as edited since), written as OpenAPI 3.1, every keyword kept.

/** What an API keeps of its document. */
export interface ApiModel {
  title: string;
  version: string;
  description: string | null;
  endpoints: { method: string; path: string; operation: DeclaredOperation }[];
  schemas: DeclaredSchemas;
  securitySchemes: Record<string, SecurityScheme>;
}

export interface ModelDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes?: Record<string, SecurityScheme> };
}

/** A named schema's reference in the written document: a JSON pointer, `/` and `~` escaped. */
const toSchema = (schema: DeclaredSchema) => toJsonSchema(schema, 'both');

export function exportModel(model: ApiModel): ModelDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, operation } of model.endpoints) {
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = writeOperation(operation);
  }
  const tags = [...new Set(model.endpoints.flatMap(({ operation }) => operation.tags ?? []))];
  const document: ModelDocument = {
    openapi: '3.1.0',
    info: { title: model.title, version: model.version },
    paths,
    // fromEntries: a schema named `__proto__` is a name like any other
    components: {
      schemas: Object.fromEntries(
        Object.entries(model.schemas).map(([name, schema]) => [name, toSchema(schema)]),
      ),
    },
  };
  if (model.description != null) document.info.description = model.description;
  if (tags.length > 0) document.tags = tags.map((name) => ({ name }));
  if (Object.keys(model.securitySchemes).length > 0)
    document.components.securitySchemes = model.securitySchemes;
  return document;
}

/** The operation as declared, each schema in it in 2020-12 form. */
function writeOperation(operation: DeclaredOperation): Record<string, unknown> {
  const { parameters, requestBody, responses, ...rest } = operation;
  const written: Record<string, unknown> = { ...rest };
  if (parameters.length > 0) written.parameters = parameters.map(writeHeader);
  if (requestBody) written.requestBody = { ...requestBody, content: writeContent(requestBody.content) };
  // 3.1 lets an operation declare no responses, not declare an empty list of them
  if (Object.keys(responses).length === 0) return written;
  written.responses = Object.fromEntries(
    Object.entries(responses).map(([code, response]) => {
      const { headers, content, ...own } = response;
      const out: Record<string, unknown> = { ...own };
      // OpenAPI requires a response's description; the model keeps what the document wrote
      if (typeof out.description !== 'string') out.description = '';
      if (headers) out.headers = mapValues(headers, writeHeader);
      if (content) out.content = writeContent(content);
      return [code, out];
    }),
  );
  return written;
}

function writeHeader<T extends DeclaredHeader>(header: T): T {
  const written = { ...header };
  if (header.schema !== undefined) written.schema = toSchema(header.schema);
  if (header.content) written.content = writeContent(header.content);
  return written;
}

function writeContent(content: Record<string, DeclaredMediaType>): Record<string, DeclaredMediaType> {
  return mapValues(content, (media) => {
    const written: DeclaredMediaType = { ...media };
    if (media.schema !== undefined) written.schema = toSchema(media.schema);
    if (isJsonObject(media.encoding)) {
      written.encoding = mapValues(media.encoding, (encoding) => {
        if (!isJsonObject(encoding) || !isJsonObject(encoding.headers)) return encoding;
        return {
          ...encoding,
          headers: mapValues(encoding.headers as Record<string, DeclaredHeader>, writeHeader),
        };
      });
    }
    return written;
  });
}

function mapValues<T, U>(map: Record<string, T>, f: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, f(value)]));
}
