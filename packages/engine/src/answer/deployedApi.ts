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

// What the engine is given of one API: the platform reads it from its database, the command line
// from a document.

/** Ids of endpoints sharing a collection with this one, per method: a comma-separated list, or null. */
interface Links {
  get_api_id: string | null;
  post_api_id: string | null;
  put_api_id: string | null;
  patch_api_id: string | null;
  delete_api_id: string | null;
}

export interface DeployedEndpoint extends Links {
  id: number;
  method: string;
  path: string;
  tag: string;
  summary: string | null;
  operation_id: string | null;
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
export function linkedIds(e: Links): number[] {
  return [e.get_api_id, e.post_api_id, e.put_api_id, e.patch_api_id, e.delete_api_id]
    .flatMap((list) => list?.split(',') ?? [])
    .map(Number)
    .filter(Number.isInteger);
}
