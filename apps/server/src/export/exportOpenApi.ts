import type {
  DeclaredOperation,
  DeclaredSchemas,
  HeaderConfig,
  ImportedApi,
  ImportedEndpoint,
  ParameterConfig,
  ResponseConfig,
  SchemaMaster,
} from '@sandbox/contracts';
import {
  constraintsOf,
  refTo,
  type SchemaObject,
  schemaOfMaster,
} from '@sandbox/engine/model/toSchemaObjects';
import { withTemplateParameters } from '@sandbox/engine/shared/pathTemplate';

/** An endpoint's rows, without the declared operation they are written into. */
export type EndpointRows = Omit<ImportedEndpoint, 'operationJson' | 'behaviour'>;
/** An API's catalog rows. */
export type CatalogApi = Omit<ImportedApi, 'endpoints'> & { endpoints: EndpointRows[] };

/** An OpenAPI 3.1.0 document, as plain JSON. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, SchemaObject> };
}

/**
 * Writes an API of the catalog (imported or stored, ids are ignored) as an OpenAPI 3.1.0 document:
 * the export of an API that has no model (exportModel.ts writes those that have one), and what the
 * model of an API made without one is written from.
 */
export function exportOpenApi(api: CatalogApi & { id?: number }): OpenApiDocument {
  const paths = new Map<string, [string, unknown][]>();
  for (const endpoint of api.endpoints) {
    const operations = paths.get(endpoint.apiEndPoint) ?? [];
    operations.push([endpoint.methodType.toLowerCase(), operationOf(endpoint)]);
    paths.set(endpoint.apiEndPoint, operations);
  }
  const tags = [...new Set(api.endpoints.map((endpoint) => endpoint.apiTag))];
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: api.title, version: api.version },
    paths: Object.fromEntries([...paths].map(([path, operations]) => [path, Object.fromEntries(operations)])),
    components: {
      schemas: schemaObjectsOf(api.schemas),
    },
  };
  if (api.description != null) document.info.description = api.description;
  if (tags.length > 0) document.tags = tags.map((name) => ({ name }));
  return document;
}

/**
 * An endpoint's rows as its declared operation, written as this export writes them: the model of an
 * endpoint designed in the product, and of one an older release kept as rows alone (migration 022).
 */
export function declaredOperationOf(endpoint: EndpointRows): DeclaredOperation {
  return { parameters: [], responses: {}, ...operationOf(endpoint) } as DeclaredOperation;
}

/** The catalog's named schemas as declared schemas, as this export writes them. */
export function declaredSchemasOf(schemas: SchemaMaster[]): DeclaredSchemas {
  return schemaObjectsOf(schemas);
}

function schemaObjectsOf(schemas: SchemaMaster[]): Record<string, SchemaObject> {
  // fromEntries: a schema named `__proto__` is a name like any other
  return Object.fromEntries(schemas.map((master) => [master.schemaName, schemaOfMaster(master)]));
}

function operationOf(endpoint: EndpointRows): Record<string, unknown> {
  const operation: Record<string, unknown> = { tags: [endpoint.apiTag] };
  if (endpoint.summary != null) operation.summary = endpoint.summary;
  if (endpoint.operationId != null) operation.operationId = endpoint.operationId;
  const parameters = [
    ...withTemplateParameters(endpoint.apiEndPoint, endpoint.parameterConfigList).map(parameterOf),
    ...endpoint.headerConfigList.map(headerOf),
  ];
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.requestConfigList.length > 0) {
    operation.requestBody = {
      required: endpoint.requestConfigList.some((request) => request.isRequired),
      content: Object.fromEntries(
        endpoint.requestConfigList.map((request) => [
          request.contentType,
          request.schemaName ? { schema: refTo(request.schemaName) } : {},
        ]),
      ),
    };
  }
  // 3.1 lets an operation declare no responses, not an empty list of them (as exportModel writes it):
  // an endpoint designed without one yet is written without, and imports back without one
  if (endpoint.responseConfigList.length === 0) return operation;
  operation.responses = Object.fromEntries(
    endpoint.responseConfigList.map((response) => [response.responseCode, responseOf(response)]),
  );
  return operation;
}

function parameterOf(parameter: ParameterConfig): Record<string, unknown> {
  const schema: SchemaObject = { type: parameter.dataType, ...constraintsOf(parameter, parameter.dataType) };
  if (parameter.dataType === 'array') schema.items = parameter.itemsType ? { type: parameter.itemsType } : {};
  const written: Record<string, unknown> = {
    name: parameter.keyName,
    in: parameter.parameterType,
    required: parameter.parameterType === 'path' || parameter.isRequired,
    schema,
  };
  if (parameter.description != null) written.description = parameter.description;
  if (parameter.example !== undefined) written.example = parameter.example;
  return written;
}

function headerOf(header: HeaderConfig): Record<string, unknown> {
  const written: Record<string, unknown> = {
    name: header.headerKey,
    in: 'header',
    required: header.isRequired,
    schema: { type: header.dataType, ...constraintsOf(header, header.dataType) },
  };
  if (header.description != null) written.description = header.description;
  if (header.example !== undefined) written.example = header.example;
  return written;
}

function responseOf(response: ResponseConfig): Record<string, unknown> {
  const written: Record<string, unknown> = { description: response.responseDescription };
  // a schema needs a media type to live in; JSON is what the sandbox answers
  const contentType = response.contentType ?? (response.responseSchemaName ? 'application/json' : null);
  if (contentType === null) return written;
  const media: Record<string, unknown> = {};
  if (response.responseSchemaName) media.schema = refTo(response.responseSchemaName);
  if (response.example !== undefined) media.example = response.example;
  written.content = { [contentType]: media };
  return written;
}
