import { z } from 'zod';
import type {
  BodyProperty,
  HeaderConfig,
  ImportWarning,
  ParameterConfig,
  RequestConfig,
  ResponseConfig,
  SchemaMaster,
} from './catalog.js';
import { ZPropertyTree } from './catalog.js';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from './constants.js';
import type { LabCredentials } from './lab.js';
import type { Behaviour } from './requestLog.js';

// spec §7 APIs. `projectId` in the spec's paths is the API (master) id; `apiId` an endpoint id.

export const apisPaths = {
  list: '/api/api-config-master',
  save: '/api/api-config-master',
  upload: '/api/api-config-master/swagger/upload',
  deployed: '/api/api-config-master/deployed',
  one: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}`,
  remove: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}`,
  openapi: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/openapi`,
  answerSeed: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/answer-seed`,
  endpoint: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}`,
  parameters: (endpointId: number | string) => `/api/parameter-config/${endpointId}`,
  headers: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}/headers`,
  schema: (apiMasterId: number | string, schemaName: string) =>
    `/api/api-config/${apiMasterId}/schemas/${encodeURIComponent(schemaName)}`,
  createResponse: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}/responses`,
  updateResponseCode: (responseId: number | string, code: string) =>
    `/api/api-config/${responseId}/update-response-code/${code}`,
  mapParams: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/map-params/${endpointId}`,
  allApis: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/get-all-apis/${endpointId}`,
  automaticLinks: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/automatic-links/${endpointId}`,
  updateApis: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/update-apis/${endpointId}`,
  // spec §7: "id is undefined in the call"; any id is accepted.
  httpStatusCodes: '/api/api-config/undefined/httpStatusCode',
  publish: (apiMasterId: number | string) => `/api/api-publish/${apiMasterId}/publish`,
} as const;

export interface EndpointSummary {
  id: number;
  apiTag: string;
  methodType: string;
  apiEndPoint: string;
  publicEndPoint: string | null;
  summary: string | null;
  /** Added in the product rather than imported from a document. */
  isDesigned?: boolean;
  /** Answered by the sandbox even when the API has an Upstream URL. */
  keepMocked?: boolean;
}

export interface ApiMaster {
  id: number;
  apiMasterName: string;
  apiVersion: string;
  apiDescription: string;
  isApiPublished: boolean;
  isAuthRequired: boolean;
  updatedAt: string;
  apiBaseUrl: string | null;
  generatedAccessToken: string | null;
  apiConfigList: EndpointSummary[];
}

/** The upload's answer: the new API, and what of the document it could not honour (DESIGN §10). */
export interface ImportAnswer extends ApiMaster {
  warnings: ImportWarning[];
}

export interface ApiMasterDetail extends ApiMaster {
  schemaMasterList: SchemaMaster[];
  /** What the import of its document could not honour, kept with the API; absent when nothing. */
  warnings?: ImportWarning[];
  /** Set: the sandbox answers deterministically, the same request getting the same generated body. */
  answerSeed: number | null;
  /** The traffic simulation of its endpoints that have none of their own; null: none. */
  behaviour?: Behaviour | null;
  /** Set: the sandbox forwards calls to this backend and checks both sides (the hosted proxy); null: it mocks. */
  upstreamUrl: string | null;
}

/** The largest answer seed: a non-negative 32-bit signed integer, stored alike by both databases. */
export const MAX_ANSWER_SEED = 2 ** 31 - 1;
export const answerSeedMessage = `The seed must be a whole number from 0 to ${MAX_ANSWER_SEED}`;

/** Sets the seed the API's sandbox generates from; null answers randomly again. */
export const ZAnswerSeed = z.object({
  seed: z
    .number({ error: answerSeedMessage })
    .int(answerSeedMessage)
    .min(0, answerSeedMessage)
    .max(MAX_ANSWER_SEED, answerSeedMessage)
    .nullable(),
});
export type AnswerSeed = z.infer<typeof ZAnswerSeed>;

/** The endpoint links of the Mapping tab: comma-separated endpoint ids per method (spec §3). */
export const ZEndpointLinks = z.object({
  getApiId: z.string().max(2000).nullable().optional(),
  postApiId: z.string().max(2000).nullable().optional(),
  putApiId: z.string().max(2000).nullable().optional(),
  patchApiId: z.string().max(2000).nullable().optional(),
  deleteApiId: z.string().max(2000).nullable().optional(),
});
export type EndpointLinks = z.infer<typeof ZEndpointLinks>;

export interface EndpointDetail
  extends EndpointSummary,
    Required<{ [K in keyof EndpointLinks]: string | null }> {
  apiMasterId: number;
  apiName: string;
  operationId: string | null;
  parameterConfigList: ParameterConfig[];
  headerConfigList: HeaderConfig[];
  requestConfigList: RequestConfig[];
  responseConfigList: ResponseConfig[];
  /** Schemas reachable from the request and responses of this endpoint. */
  schemaMasterList: SchemaMaster[];
  /**
   * spec §4 API Lab: the body a POST, PUT or PATCH starts with, a value of the request's schema
   * generated by the model (the same on every load); absent when the endpoint takes none.
   */
  requestBodyTemplate?: unknown;
  /**
   * The media type the Lab sends a body as: the one the template is written in, else the first the
   * request body declares; absent when it declares none, or only ranges (`application/*`).
   */
  requestContentType?: string;
  /** spec §4 API Lab: what it fills for the operation's security; absent when it asks for none. */
  labCredentials?: LabCredentials;
  /** The endpoint's own traffic simulation; null: the API's (`apiBehaviour`), if it has one. */
  behaviour?: Behaviour | null;
  /** The API's default traffic simulation, in force when the endpoint has none of its own. */
  apiBehaviour?: Behaviour | null;
}

const capitalised = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, `Must be at most ${max} characters`);

// spec §5 New API.
/** The largest document an import takes, uploaded or fetched from a URL; larger ones are refused unread. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const apiFormMessages = {
  nameRequired: 'API name is required',
  descriptionRequired: 'API description is required',
  versionRequired: 'API version is required',
  fileRequired: 'File is required',
  invalidFileFormat: 'Invalid file format',
  fileTooLarge: `The file is too large: an import takes at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
} as const;

export const ZApiVersion = z.string().regex(/^\d\.\d$/, apiFormMessages.versionRequired);

export const ZApiMasterSave = z.object({
  id: z.number().int().positive().optional(),
  apiMasterName: capitalised(MAX_NAME_LENGTH, apiFormMessages.nameRequired),
  apiDescription: capitalised(MAX_DESCRIPTION_LENGTH, apiFormMessages.descriptionRequired),
  apiVersion: ZApiVersion,
  isAuthRequired: z.boolean().default(false),
});
export type ApiMasterSave = z.infer<typeof ZApiMasterSave>;

/** The New API modal's fields; the file travels as `multipartFile`. */
export const ZImportFields = z.object({
  apiName: ZApiMasterSave.shape.apiMasterName,
  apiDescription: ZApiMasterSave.shape.apiDescription,
  apiVersion: ZApiVersion,
  isAuthRequired: z.enum(['true', 'false']).default('false'),
});

export const IMPORT_FILE_EXTENSIONS = ['.json', '.yaml', '.yml'] as const;

export const ZParameterRow = z.object({
  id: z.number().int().optional(),
  keyName: z.string().trim().min(1, 'Required').max(200),
  parameterType: z.string().trim().min(1, 'Required').max(50),
  description: z.string().max(2000).nullable().optional(),
  configParameterId: z.number().int().nullable().optional(),
});
export type ParameterRow = z.infer<typeof ZParameterRow>;
export const ZParameterRows = z.array(ZParameterRow).max(500);

export const ZHeaderRow = z.object({
  id: z.number().int().optional(),
  headerKey: z.string().trim().min(1, 'Required').max(200),
  parameterType: z.string().trim().min(1, 'Required').max(50),
  description: z.string().max(2000).nullable().optional(),
});
export type HeaderRow = z.infer<typeof ZHeaderRow>;
export const ZHeaderRows = z.array(ZHeaderRow).max(500);

export const ZSchemaSave = z.object({
  configProperties: ZPropertyTree,
});
export type SchemaSave = { configProperties: BodyProperty[] };

// spec §5 Add Response.
export const ZResponseCreate = z.object({
  statusCode: z.string().regex(/^[1-5]\d\d$/, 'Status code is required'),
  description: z.string().trim().min(1, 'Description is required').max(MAX_DESCRIPTION_LENGTH),
});
export type ResponseCreate = z.infer<typeof ZResponseCreate>;

export const ZResponseUpdate = z.object({
  responseDescription: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(MAX_DESCRIPTION_LENGTH)
    .optional(),
  responseSchemaName: z.string().max(200).nullable().optional(),
});

/** Per method, the other endpoints of the API that may be linked (spec §7 get-all-apis). */
export type MappingOptions = Partial<Record<string, { apiId: number; apiEndPoint: string }[]>>;

/** An endpoint that shares records with another because both are of one resource path. */
export interface AutomaticLink {
  apiId: number;
  methodType: string;
  apiEndPoint: string;
  /** The path parameter that finds a record (`username` of `/user/{username}`), if the path ends with one. */
  keyParam: string | null;
  /** The record's field it is matched against: mapped in Params, else the field of its name, else `id`. */
  keyField: string | null;
  mappedByHand: boolean;
}

/** The Mapping tab's automatic part: the resource path and its other endpoints. */
export interface AutomaticLinks {
  resource: string;
  endpoints: AutomaticLink[];
}

export const apiMessages = {
  importSuccess: 'File imported successfully.',
  deploySuccess: 'API Deployed successfully.',
  alreadyDeployed: 'Already Deployed.',
  updateSuccess: 'API updated successfully.',
  deleteSuccess: 'API deleted successfully.',
  responseCodeUpdated: 'Response code updated successfully.',
  updated: 'Updated successfully.',
  urlCopied: 'URL Copied Successfully...',
  noApiFound: 'No Api Found...',
} as const;
