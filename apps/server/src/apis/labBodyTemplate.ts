import type {
  DeclaredOperation,
  HeaderConfig,
  ParameterConfig,
  RequestConfig,
  ResponseConfig,
  SchemaMaster,
} from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { namedSchemas } from '../model/namedSchemas.js';
import { requestBodyTemplate, takesBodyTemplate } from '../model/requestTemplate.js';
import { requestModelOf } from '../sandbox/requestModel.js';
import { loadDeclaredSchemas } from './schemaStore.js';
import type { EndpointRow } from './store.js';

// The Lab's body template of one endpoint, read from the model as the sandbox reads it: the declared
// operation's request body when the API keeps one, else the catalog's request row.

interface EndpointParts {
  parameterConfigList: ParameterConfig[];
  headerConfigList: HeaderConfig[];
  requestConfigList: RequestConfig[];
  responseConfigList: ResponseConfig[];
}

/** `catalog`: the endpoint's schemas, for an API whose document's schemas were not kept. */
export async function labBodyTemplate(
  db: Kysely<Database>,
  endpoint: EndpointRow,
  parts: EndpointParts,
  catalog: SchemaMaster[],
): Promise<unknown> {
  if (!takesBodyTemplate(endpoint.method)) return undefined;
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
  if (!body) return undefined;
  const declared = await loadDeclaredSchemas(db, endpoint.api_master_id);
  return requestBodyTemplate(endpoint.method, body, namedSchemas(declared, catalog));
}

async function loadOperation(db: Kysely<Database>, endpointId: number): Promise<DeclaredOperation | null> {
  const row = await db
    .selectFrom('endpoints')
    .select('operation')
    .where('id', '=', endpointId)
    .executeTakeFirst();
  return row?.operation ? (JSON.parse(row.operation) as DeclaredOperation) : null;
}
