import type { DeclaredSchemas } from '@sandbox/contracts';
import type { Selectable } from 'kysely';
import type { ApiMeta } from '../apis/service.js';
import type {
  EndpointParametersTable,
  EndpointRequestsTable,
  EndpointResponsesTable,
  EndpointsTable,
} from '../db/schema.js';
import type { ImportBaseline } from '../import/service.js';
import type { EndpointParts, Side } from './diff.js';

// An API as a re-import reads it from its tables (store.ts), and what the form changes of it.

/** An endpoint as stored: its row (links, behaviour, declared operation), its parts and their rows. */
export type StoredEndpoint = EndpointParts & {
  row: Selectable<EndpointsTable>;
  rows: {
    parameters: Selectable<EndpointParametersTable>[];
    requests: Selectable<EndpointRequestsTable>[];
    responses: Selectable<EndpointResponsesTable>[];
  };
};

/** An API as a re-import finds it, with when it last changed and what its last import brought. */
export type StoredApi = Omit<Side, 'endpoints'> & {
  id: number;
  updatedAt: string;
  endpoints: StoredEndpoint[];
  /** What the last import brought; null for an API imported before baselines were kept. */
  baseline: ImportBaseline | null;
  declared: DeclaredSchemas;
};

/** The fields of the re-import form the user filled: the API keeps its own for the rest. */
export type MetaChange = Partial<ApiMeta>;
