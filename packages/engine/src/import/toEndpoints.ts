import {
  HTTP_METHODS,
  type HttpMethodName,
  type ImportedEndpoint,
  OPERATION_METHODS,
} from '@sandbox/contracts';
import { withTemplateParameters } from '../shared/pathTemplate.js';
import { type DeclareContext, declareOperation } from './declareOperation.js';
import { declareSwagger2Operation } from './declareSwagger2Operation.js';
import { operationBaseName } from './names.js';
import { childPointer } from './pointer.js';
import { readBehaviour } from './readBehaviour.js';
import { isObject, isRef, type Json } from './resolveRef.js';
import { isIgnoredHeader, mergeParameters, toHeaderConfig, toParameterConfig } from './toParameters.js';
import { requestsOfOpenApi, requestsOfSwagger } from './toRequests.js';
import { toResponses } from './toResponses.js';
import type { SchemaCatalog } from './toSchemas.js';

// Every operation the document declares is kept: the sandbox answers HEAD, OPTIONS and TRACE as declared.
const METHODS = new Map<string, HttpMethodName>(
  OPERATION_METHODS.map((method) => [method.toLowerCase(), method]),
);
// spec §3: the five methods the product's pages were drawn for; the others are said to be kept
const LISTED_METHODS = new Set<string>(HTTP_METHODS);

export interface DocumentContext {
  document: Json & { paths: Json };
  swagger2: boolean;
  catalog: SchemaCatalog;
  declare: DeclareContext;
  /** Read as Stoplight Prism reads it (see ImportOptions). */
  prism: boolean;
}

export function toEndpoints(context: DocumentContext): ImportedEndpoint[] {
  const endpoints: ImportedEndpoint[] = [];
  for (const [path, value] of Object.entries(context.document.paths)) {
    const pointer = childPointer('#/paths', path);
    const item = readPathItem(value, pointer, context);
    for (const [key, operation] of Object.entries(item)) {
      const method = METHODS.get(key.toLowerCase());
      if (!method) continue;
      const operationPointer = childPointer(pointer, key);
      if (!isObject(operation)) {
        context.catalog.warnings.add(operationPointer, 'An operation must be an object: it is left out');
        continue;
      }
      if (!LISTED_METHODS.has(method)) {
        context.catalog.warnings.addMinor(
          operationPointer,
          `This ${method} operation is kept and answered by the sandbox, but the product lists and links only GET, POST, PUT, PATCH and DELETE`,
        );
      }
      const endpoint = toEndpoint(path, method, operation, operationPointer, item, pointer, context);
      const codes = endpoint.responseConfigList.map((response) => response.responseCode);
      const behaviour = readBehaviour(operation, operationPointer, context.catalog.warnings, codes);
      endpoints.push(behaviour ? { ...endpoint, behaviour } : endpoint);
    }
  }
  return endpoints;
}

/** A path item may be a `$ref` (3.1 `components.pathItems`); what is written beside it wins. */
function readPathItem(value: unknown, pointer: string, context: DocumentContext): Json {
  if (!isRef(value)) {
    if (isObject(value)) return value;
    context.catalog.warnings.add(pointer, 'A path item must be an object: it is left out');
    return {};
  }
  const { $ref: _ref, ...beside } = value;
  const target = context.catalog.resolver.followObject({ value, pointer }, 'A path item');
  return { ...target.value, ...beside };
}

function toEndpoint(
  path: string,
  method: HttpMethodName,
  operation: Json,
  pointer: string,
  item: Json,
  itemPointer: string,
  { document, swagger2, catalog, declare, prism }: DocumentContext,
): ImportedEndpoint {
  const operationId = typeof operation.operationId === 'string' ? operation.operationId : null;
  const name = operationBaseName(operationId, method, path);
  const parameters = mergeParameters(
    [
      { value: item.parameters, pointer: childPointer(itemPointer, 'parameters') },
      { value: operation.parameters, pointer: childPointer(pointer, 'parameters') },
    ],
    catalog.resolver,
  );
  const placed = (place: string) => parameters.filter((parameter) => parameter.value.in === place);
  const [tag] = Array.isArray(operation.tags) ? operation.tags : [];
  const mediaTypes = (key: 'consumes' | 'produces') =>
    stringList(operation[key]) ?? stringList(document[key]) ?? ['application/json'];
  // Prism answers no body where neither the operation nor the document says what it produces
  const produces = prism
    ? (stringList(operation.produces) ?? stringList(document.produces) ?? [])
    : mediaTypes('produces');
  const requests = swagger2
    ? requestsOfSwagger(parameters, mediaTypes('consumes'), catalog, `${name}Request`)
    : requestsOfOpenApi(
        { value: operation.requestBody, pointer: childPointer(pointer, 'requestBody') },
        catalog,
        `${name}Request`,
      );
  return {
    apiTag: typeof tag === 'string' && tag !== '' ? tag : 'default',
    methodType: method,
    apiEndPoint: path,
    summary: typeof operation.summary === 'string' ? operation.summary : null,
    operationId,
    parameterConfigList: withTemplateParameters(
      path,
      [...placed('path'), ...placed('query')].map((parameter) =>
        toParameterConfig(parameter, catalog, swagger2),
      ),
    ),
    headerConfigList: placed('header')
      .filter((parameter) => !isIgnoredHeader(parameter))
      .map((parameter) => toHeaderConfig(parameter, catalog, swagger2)),
    requestConfigList: requests,
    responseConfigList: toResponses(
      { value: operation.responses, pointer: childPointer(pointer, 'responses') },
      catalog,
      name,
      swagger2 ? produces : null,
    ),
    operationJson: JSON.stringify(
      swagger2
        ? declareSwagger2Operation(
            operation,
            pointer,
            parameters,
            { consumes: mediaTypes('consumes'), produces },
            declare,
          )
        : declareOperation(operation, pointer, parameters, declare),
    ),
  };
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.length > 0 ? value.filter((item) => typeof item === 'string') : null;
}
