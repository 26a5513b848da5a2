import { z } from 'zod';
import { ZHeaderRow, ZParameterRow, ZResponseCreate, ZSchemaSave } from './apis.js';
import { PROPERTY_TYPES, ZPropertyTree } from './catalog.js';
import { HTTP_METHODS, MAX_DESCRIPTION_LENGTH } from './constants.js';

// Designing an API in the product, not only importing one: endpoints, parameters, bodies, responses
// and named schemas are added, renamed and removed. A row the imported document brought keeps its
// key (the spec's read-only keys); a row a user added (`isDesigned` in the answers) may be renamed.

export const designPaths = {
  /** POST: add an endpoint (answers 201 the EndpointDetail). */
  endpoints: (apiMasterId: number | string) => `/api/api-config/${apiMasterId}/endpoints`,
  /** PUT: change an endpoint's method, path, tag or summary (answers the EndpointDetail); DELETE: remove it. */
  endpoint: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}`,
  /** PUT: the endpoint's request body: a named schema, or none (answers the EndpointDetail). */
  requestBody: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}/request-body`,
  /** DELETE: remove one response (a status code) of the endpoint. */
  response: (apiMasterId: number | string, endpointId: number | string, responseId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}/responses/${responseId}`,
  /** POST: add a named schema (answers 201 the SchemaMaster). */
  schemas: (apiMasterId: number | string) => `/api/api-config/${apiMasterId}/schemas`,
  /** PUT: save a named schema (ZDesignSchemaSave, answers the SchemaMaster); DELETE: remove it. */
  schema: (apiMasterId: number | string, schemaName: string) =>
    `/api/api-config/${apiMasterId}/schemas/${encodeURIComponent(schemaName)}`,
} as const;

export const designMessages = {
  methodUnknown: `Method must be one of ${HTTP_METHODS.join(', ')}`,
  pathRequired: 'Path is required',
  pathStart: 'Path must start with "/"',
  pathMalformed:
    'Path must be made of "/"-separated segments; a path parameter is written {name} (letters, digits, "_", "-", ".")',
  pathDuplicateParameter: (name: string) => `Path parameter "${name}" appears twice in the path`,
  pathClash: (method: string, path: string) => `${method} ${path} is already an endpoint of this API`,
  parameterDuplicate: (location: string, name: string) =>
    `There are two ${location} parameters named "${name}"`,
  headerDuplicate: (name: string) => `There are two headers named "${name}"`,
  parameterLocation: 'A parameter is a path, a query or a cookie parameter',
  pathParameterNotInPath: (name: string) =>
    `Path parameter "${name}" is not in the path: change the path to add or remove path parameters`,
  pathParameterRemoved: (name: string) =>
    `Path parameter "${name}" is in the path: change the path to remove it`,
  keyReadOnly: (name: string) => `"${name}" comes from the imported document: its name cannot be changed`,
  propertyDuplicate: (key: string, where: string) => `There are two properties named "${key}" in ${where}`,
  schemaNameRequired: 'Schema name is required',
  schemaNameMalformed: 'A schema name is letters, digits, ".", "_" and "-"',
  schemaExists: (name: string) => `A schema named "${name}" already exists`,
  schemaUnknown: (name: string) => `There is no schema named "${name}" in this API`,
  schemaRefMalformed: (ref: string) =>
    `"${ref}" is not a reference to a schema: write it #/components/schemas/<name>`,
  schemaInUse: (name: string, by: string) => `Schema "${name}" is still used by ${by}`,
  schemaCycle: (chain: string) =>
    `These schemas require each other, so no value can ever satisfy them: ${chain}. Make one of the properties optional`,
  responseRemoved: 'Response removed',
  endpointRemoved: 'Endpoint removed',
  schemaRemoved: 'Schema removed',
} as const;

/** A path parameter in a template: `{petId}`. */
export const PATH_PARAMETER = /\{([A-Za-z_][\w.-]*)\}/g;
/** A segment of a path template: literal characters and `{name}` parameters (mid-segment allowed). */
const TEMPLATE_SEGMENT = /^(?:[\w\-.~!$&'()*+,;=:@%]|\{[A-Za-z_][\w.-]*\})*$/;

/** The names of a template's path parameters, in order: `/a/{x}/b/{y}` → x, y. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(PATH_PARAMETER)].map((m) => m[1] as string);
}

/** The same route whatever its parameters are named: `/pets/{id}` and `/pets/{petId}` give `/pets/{}`. */
export function routeShape(template: string): string {
  return template.replace(PATH_PARAMETER, '{}');
}

export const ZPathTemplate = z
  .string({ error: designMessages.pathRequired })
  .trim()
  .min(1, designMessages.pathRequired)
  .max(2000)
  .superRefine((path, ctx) => {
    if (!path.startsWith('/')) {
      ctx.addIssue({ code: 'custom', message: designMessages.pathStart });
      return;
    }
    const segments = path === '/' ? [] : path.slice(1).split('/');
    if (segments.some((s, i) => !TEMPLATE_SEGMENT.test(s) || (s === '' && i < segments.length - 1))) {
      ctx.addIssue({ code: 'custom', message: designMessages.pathMalformed });
      return;
    }
    const names = pathParameterNames(path);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) ctx.addIssue({ code: 'custom', message: designMessages.pathDuplicateParameter(twice) });
  });

export const ZMethodType = z
  .string({ error: designMessages.methodUnknown })
  .trim()
  .transform((m) => m.toUpperCase())
  .pipe(z.enum(HTTP_METHODS, { error: designMessages.methodUnknown }));

const ZTag = z.string().trim().max(200);
const ZSummary = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION_LENGTH * 10);

/** A new endpoint; `description` is its one-line summary (as `summary` in the answers). */
export const ZEndpointCreate = z.object({
  methodType: ZMethodType,
  apiEndPoint: ZPathTemplate,
  apiTag: ZTag.optional(),
  description: ZSummary.nullable().optional(),
  summary: ZSummary.nullable().optional(),
});
export type EndpointCreate = z.input<typeof ZEndpointCreate>;

/** What changes of an endpoint; absent fields stay as they are. */
export const ZEndpointUpdate = ZEndpointCreate.partial();
export type EndpointUpdate = z.input<typeof ZEndpointUpdate>;

const ZValueConstraints = z.object({
  isRequired: z.boolean().optional(),
  dataType: z.enum(PROPERTY_TYPES).optional(),
  defaultValue: z.string().max(2000).nullable().optional(),
  minLength: z.number().int().nonnegative().nullable().optional(),
  maxLength: z.number().int().nonnegative().nullable().optional(),
  format: z.string().max(100).nullable().optional(),
  enumValues: z.array(z.unknown()).max(500).nullable().optional(),
  example: z.unknown().optional(),
  minimum: z.number().nullable().optional(),
  maximum: z.number().nullable().optional(),
  pattern: z.string().max(2000).nullable().optional(),
  itemsType: z.enum(PROPERTY_TYPES).nullable().optional(),
});

/**
 * A row of the Params form (`POST /api/parameter-config/{endpointId}`): the whole list of the
 * endpoint's path, query and cookie parameters. A row with `id` changes that parameter, one without is
 * added (or, when one of that name and place exists, changes it), a stored one left out is removed.
 * `parameterType` is the place: `path`, `query` or `cookie`.
 */
export const ZDesignParameterRow = ZParameterRow.extend(ZValueConstraints.shape);
export type DesignParameterRow = z.input<typeof ZDesignParameterRow>;
export const ZDesignParameterRows = z.array(ZDesignParameterRow).max(500);

/** A row of the Headers form (`PUT …/headers`), the whole list, alike. */
export const ZDesignHeaderRow = ZHeaderRow.extend(ZValueConstraints.shape);
export type DesignHeaderRow = z.input<typeof ZDesignHeaderRow>;
export const ZDesignHeaderRows = z.array(ZDesignHeaderRow).max(500);

/** The endpoint's request body: a named schema of the API (null: the endpoint takes no body). */
export const ZRequestBodySave = z.object({
  schemaName: z.string().trim().min(1).max(300).nullable(),
  contentType: z.string().trim().min(1).max(200).default('application/json'),
  isRequired: z.boolean().default(true),
});
export type RequestBodySave = z.input<typeof ZRequestBodySave>;

/** Add Response, with the named schema its body is (none when absent). */
export const ZDesignResponseCreate = ZResponseCreate.extend({
  responseSchemaName: z.string().trim().min(1).max(300).nullable().optional(),
});
export type DesignResponseCreate = z.input<typeof ZDesignResponseCreate>;

export const ZSchemaName = z
  .string({ error: designMessages.schemaNameRequired })
  .trim()
  .min(1, designMessages.schemaNameRequired)
  .max(300)
  .regex(/^[A-Za-z0-9._-]+$/, designMessages.schemaNameMalformed);

/** A named schema's own fields, beside its properties; absent fields stay as they are on a save. */
const ZSchemaFields = z.object({
  /** object (properties), array (items: itemsRef names a schema, else itemsType), or a primitive. */
  schemaType: z.enum(PROPERTY_TYPES).optional(),
  description: z.string().max(2000).nullable().optional(),
  itemsType: z.enum(PROPERTY_TYPES).nullable().optional(),
  itemsRef: z.string().max(300).nullable().optional(),
  example: z.unknown().optional(),
  format: z.string().max(100).nullable().optional(),
  enumValues: z.array(z.unknown()).max(500).nullable().optional(),
  minLength: z.number().int().nonnegative().nullable().optional(),
  maxLength: z.number().int().nonnegative().nullable().optional(),
  minimum: z.number().nullable().optional(),
  maximum: z.number().nullable().optional(),
  pattern: z.string().max(2000).nullable().optional(),
  nullable: z.boolean().optional(),
});

/** A new named schema (default: an object with the properties given). */
export const ZSchemaCreate = ZSchemaFields.extend({
  schemaName: ZSchemaName,
  configProperties: ZPropertyTree.default([]),
});
export type SchemaCreate = z.input<typeof ZSchemaCreate>;

/**
 * Saving a named schema (`PUT …/schemas/{schemaName}`): its whole property tree (a property with
 * `id` is changed, one without is added, one left out is removed), its own fields, and for a schema
 * a user added, a new name (`schemaName`), written into every reference to it.
 */
export const ZDesignSchemaSave = ZSchemaSave.extend(ZSchemaFields.shape).extend({
  schemaName: ZSchemaName.optional(),
});
export type DesignSchemaSave = z.input<typeof ZDesignSchemaSave>;
