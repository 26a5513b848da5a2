import type {
  Behaviour,
  DeclaredOperation,
  DeclaredSchema,
  HeaderConfig,
  ParameterConfig,
  RequestConfig,
  ResponseConfig,
  SchemaMaster,
  SecurityScheme,
} from '@sandbox/contracts';
import type { Selectable } from 'kysely';
import type { EndpointsTable } from '../db/schema.js';

// What the sandbox is given of one deployed API (apis/loadDeployedApi.ts reads it from the database).

/** An endpoint's row as stored. */
type EndpointRow = Omit<Selectable<EndpointsTable>, 'operation' | 'behaviour'>;

export interface DeployedEndpoint extends EndpointRow {
  /** The operation as the document declares it; null for an API imported before it was kept. */
  operation: DeclaredOperation | null;
  parameters: ParameterConfig[];
  headers: HeaderConfig[];
  requests: RequestConfig[];
  responses: ResponseConfig[];
  /** Rows uploaded or generated for the response (the test-data dialog). */
  testRows: Record<string, unknown>[];
  /** Its own traffic simulation; null or absent: the API's. */
  behaviour?: Behaviour | null;
}

export interface DeployedApi {
  id: number;
  key: string;
  isAuthRequired: boolean;
  /** The document's security schemes by name; empty when it declares none. */
  securitySchemes: Record<string, SecurityScheme>;
  /** The document's named schemas as written, by name; empty for an API imported before they were kept. */
  declaredSchemas: ReadonlyMap<string, DeclaredSchema>;
  /** Set: generated answers are drawn from it, per request; undefined: random. */
  answerSeed?: number;
  /** The traffic simulation of endpoints without their own; null: none. */
  behaviour: Behaviour | null;
  endpoints: DeployedEndpoint[];
  schemas: SchemaMaster[];
}

/** Ids of the endpoints an endpoint links to, over every method. */
export function linkedIds(
  e: Pick<
    Selectable<EndpointsTable>,
    'get_api_id' | 'post_api_id' | 'put_api_id' | 'patch_api_id' | 'delete_api_id'
  >,
): number[] {
  return [e.get_api_id, e.post_api_id, e.put_api_id, e.patch_api_id, e.delete_api_id]
    .flatMap((list) => list?.split(',') ?? [])
    .map(Number)
    .filter(Number.isInteger);
}
