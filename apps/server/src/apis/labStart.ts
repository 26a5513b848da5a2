import type {
  DeclaredOperation,
  EndpointDetail,
  HeaderConfig,
  ParameterConfig,
  RequestConfig,
  ResponseConfig,
  SchemaMaster,
  SecurityScheme,
} from '@sandbox/contracts';
import { requestModelOf } from '@sandbox/engine/answer/requestModel';
import {
  requestBodyTemplate,
  takesBodyTemplate,
  templateMediaTypeOf,
} from '@sandbox/engine/answer/requestTemplate';
import { credentialsToFill } from '@sandbox/engine/answer/securitySchemes';
import { namedSchemas } from '@sandbox/engine/model/namedSchemas';
import { isRange } from '@sandbox/engine/shared/mediaTypes';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { loadDeclaredSchemas } from './schemaStore.js';
import type { EndpointRow } from './store.js';

// What the Lab starts a request to one endpoint with, read from its declared operation as the sandbox
// reads it: its body template, the media type it sends a body as, and credentials its security check
// takes.

interface EndpointParts {
  parameterConfigList: ParameterConfig[];
  headerConfigList: HeaderConfig[];
  requestConfigList: RequestConfig[];
  responseConfigList: ResponseConfig[];
}

type LabStart = Pick<EndpointDetail, 'requestBodyTemplate' | 'requestContentType' | 'labCredentials'>;

/** `catalog`: the endpoint's schemas, for those its API's declared schemas do not name (as the sandbox reads them). */
export async function labStart(
  db: Kysely<Database>,
  endpoint: EndpointRow,
  parts: EndpointParts,
  catalog: SchemaMaster[],
  securitySchemes: Record<string, SecurityScheme>,
): Promise<LabStart> {
  const operation = await loadOperation(db, endpoint.id);
  const { body } = requestModelOf({
    ...endpoint,
    operation,
    parameters: parts.parameterConfigList,
    headers: parts.headerConfigList,
    requests: parts.requestConfigList,
    responses: parts.responseConfigList,
    testRows: [],
  });
  const start: LabStart = {
    requestContentType: body
      ? (templateMediaTypeOf(body.content) ?? [...body.content.keys()].find((type) => !isRange(type)))
      : undefined,
    labCredentials: credentialsToFill(operation.security, securitySchemes),
  };
  if (!body || !takesBodyTemplate(endpoint.method)) return start;
  const declared = await loadDeclaredSchemas(db, endpoint.api_master_id);
  return {
    ...start,
    requestBodyTemplate: requestBodyTemplate(endpoint.method, body, namedSchemas(declared, catalog)),
  };
}

async function loadOperation(db: Kysely<Database>, endpointId: number): Promise<DeclaredOperation> {
  const row = await db
    .selectFrom('endpoints')
    .select('operation')
    .where('id', '=', endpointId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.operation) as DeclaredOperation;
}
