import type { Behaviour, DeclaredOperation, DeclaredSchema, SecurityScheme } from '@sandbox/contracts';

// What the engine is given of one API: its model (each endpoint's declared operation, the named
// schemas) and the platform's configuration around it. The platform reads it from its database, the
// command line from a document.

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
  /**
   * The operation as the document declares it, with the edits made since: everything a request may
   * carry and every answer, and which record field a path parameter finds (RECORD_FIELD_EXTENSION).
   */
  operation: DeclaredOperation;
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
  /** The document's named schemas as written (with the edits made since), by name. */
  declaredSchemas: ReadonlyMap<string, DeclaredSchema>;
  /** Set: generated answers are drawn from it, per request; undefined: random. */
  answerSeed?: number;
  /** The traffic simulation of endpoints without their own; null: none. */
  behaviour: Behaviour | null;
  endpoints: DeployedEndpoint[];
}

/** Ids of the endpoints an endpoint links to, over every method. */
export function linkedIds(e: Links): number[] {
  return [e.get_api_id, e.post_api_id, e.put_api_id, e.patch_api_id, e.delete_api_id]
    .flatMap((list) => list?.split(',') ?? [])
    .map(Number)
    .filter(Number.isInteger);
}
