import type { DeclaredOperation, EndpointDetail, SecurityScheme } from '@sandbox/contracts';
import { requestModelOf } from '@sandbox/engine/answer/requestModel';
import {
  requestBodyTemplate,
  takesBodyTemplate,
  templateMediaTypeOf,
} from '@sandbox/engine/answer/requestTemplate';
import { credentialsToFill } from '@sandbox/engine/answer/securitySchemes';
import { isRange } from '@sandbox/engine/shared/mediaTypes';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { loadDeclaredSchemas } from './schemaStore.js';
import type { EndpointRow } from './store.js';

// What the Lab starts a request to one endpoint with, read from its declared operation as the sandbox
// reads it: its body template, the media type it sends a body as, and credentials its security check
// takes.

type LabStart = Pick<EndpointDetail, 'requestBodyTemplate' | 'requestContentType' | 'labCredentials'>;

export async function labStart(
  db: Kysely<Database>,
  endpoint: EndpointRow,
  securitySchemes: Record<string, SecurityScheme>,
): Promise<LabStart> {
  const operation = await loadOperation(db, endpoint.id);
  const { body } = requestModelOf(operation);
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
    requestBodyTemplate: requestBodyTemplate(endpoint.method, body, new Map(Object.entries(declared))),
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
