import type {
  DeclaredOperation,
  DeclaredSchemas,
  HeaderConfig,
  ImportedEndpoint,
  ParameterConfig,
  ResponseConfig,
  SchemaMaster,
} from '@sandbox/contracts';
import { constraintsOf, refTo, schemaOfMaster } from '@sandbox/engine/model/toSchemaObjects';
import { withTemplateParameters } from '@sandbox/engine/shared/pathTemplate';

// The model written from catalog rows: the declared operation of an endpoint designed in the product
// (it starts as the user entered it), and the model migrations give an API an older release kept as
// rows alone. OpenAPI 3.1 form, as the export writes it.

/** An endpoint's rows, without the declared operation they are written into. */
export type EndpointRows = Omit<ImportedEndpoint, 'operationJson' | 'behaviour'>;

/** An endpoint's rows as its declared operation. */
export function declaredOperationOf(endpoint: EndpointRows): DeclaredOperation {
  return { parameters: [], responses: {}, ...operationOf(endpoint) } as DeclaredOperation;
}

/** The catalog's named schemas as declared schemas. */
export function declaredSchemasOf(schemas: SchemaMaster[]): DeclaredSchemas {
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
  if (endpoint.responseConfigList.length > 0) {
    operation.responses = Object.fromEntries(
      endpoint.responseConfigList.map((response) => [response.responseCode, responseOf(response)]),
    );
  }
  return operation;
}

function parameterOf(parameter: ParameterConfig): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    type: parameter.dataType,
    ...constraintsOf(parameter, parameter.dataType),
  };
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
