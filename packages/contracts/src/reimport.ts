import { z } from 'zod';
import type { ApiMaster } from './apis.js';
import { ZApiMasterSave, ZApiVersion } from './apis.js';
import type { ImportWarning } from './catalog.js';

// Re-import: a changed document brought into an existing API, its differences shown before they apply.

export const reimportPaths = {
  upload: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/swagger/upload`,
} as const;

/** The re-import form's fields: all optional, the API keeping its own when one is left out. */
export const ZReimportFields = z.object({
  apiName: ZApiMasterSave.shape.apiMasterName.optional(),
  apiDescription: ZApiMasterSave.shape.apiDescription.optional(),
  apiVersion: ZApiVersion.optional(),
  isAuthRequired: z.enum(['true', 'false']).optional(),
});

export const ZReimportQuery = z.object({
  /** `true`: answer what would change, change nothing. */
  dryRun: z.enum(['true', 'false']).optional(),
});

/** What is added, removed and changed among things of one kind, each named as the user reads it. */
export const ZChangeLists = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
});
export type ChangeLists = z.infer<typeof ZChangeLists>;

export const ZEndpointRef = z.object({
  methodType: z.string(),
  apiEndPoint: z.string(),
});
export type EndpointRef = z.infer<typeof ZEndpointRef>;

/**
 * An endpoint both the API and the document have, and what of it differs. Parameters are named
 * `query limit`, `header X-Request-Id`; request bodies by media type; responses by status code.
 */
export const ZEndpointChange = ZEndpointRef.extend({
  parameters: ZChangeLists,
  requestBodies: ZChangeLists,
  responses: ZChangeLists,
});
export type EndpointChange = z.infer<typeof ZEndpointChange>;

/**
 * What a re-import changes. Only what the document decides is compared (what exists, types, required,
 * formats, enums, schemas used): descriptions, lengths, defaults and auto-generation types are kept as
 * the user set them, and so are never a difference.
 */
export const ZReimportSummary = z.object({
  endpoints: z.object({
    added: z.array(ZEndpointRef),
    removed: z.array(ZEndpointRef),
    changed: z.array(ZEndpointChange),
  }),
  schemas: ZChangeLists,
});
export type ReimportSummary = z.infer<typeof ZReimportSummary>;

/** The fields a user may set by hand that a re-import keeps over the document's change of them. */
export const KEPT_FIELDS = [
  'description',
  'minLength',
  'maxLength',
  'defaultValue',
  'autoGenerationType',
] as const;

/** A value set by hand that a re-import keeps although the document changes it: where, and which field. */
export const ZKeptEdit = z.object({
  /** The endpoint (`GET /hoot/{id}`) or the schema (`schema Hoot`) the value is on. */
  place: z.string(),
  /**
   * Its part, named as the change lists name them (`path id`, `header X-Id`, `response 404`) or
   * `property author.name`; absent for the schema's own description.
   */
  part: z.string().optional(),
  field: z.enum(KEPT_FIELDS),
});
export type KeptEdit = z.infer<typeof ZKeptEdit>;

/**
 * The answer of a re-import: its summary, the hand edits it keeps over the document's changes, the
 * import's warnings, and the API once applied.
 */
export interface ReimportAnswer {
  applied: boolean;
  summary: ReimportSummary;
  keptEdits: KeptEdit[];
  warnings: ImportWarning[];
  /** Absent on a dry run. */
  api?: ApiMaster;
}

/** True when the document changes nothing the summary compares. */
export function isEmptySummary(summary: ReimportSummary): boolean {
  const { endpoints, schemas } = summary;
  return (
    endpoints.added.length + endpoints.removed.length + endpoints.changed.length === 0 &&
    schemas.added.length + schemas.removed.length + schemas.changed.length === 0
  );
}

export const reimportMessages = {
  applied: 'API updated from the file.',
  nothingChanges: 'The document changes none of the endpoints and schemas of this API.',
  chooseFile: 'Choose the new version of the document to see what it changes.',
} as const;
