import { z } from 'zod';
import { AUTO_GENERATION_TYPES, MAX_SCHEMA_DEPTH, type OPERATION_METHODS } from './constants.js';
import type { SecurityScheme } from './declaredOperation.js';
import type { Behaviour } from './requestLog.js';

// spec §3: the API catalog as the web app and the import/export see it.

/** Body property types: the spec's four, plus what imported documents need. */
export const PROPERTY_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const ZConstraints = z.object({
  format: z.string().nullable().optional(),
  enumValues: z.array(z.unknown()).nullable().optional(),
  example: z.unknown().optional(),
  minimum: z.number().nullable().optional(),
  maximum: z.number().nullable().optional(),
  pattern: z.string().nullable().optional(),
});

export const ZBodyProperty: z.ZodType<BodyProperty> = z.lazy(() =>
  z.object({
    id: z.number().optional(),
    jsonKey: z.string(),
    jsonKeyType: z.enum(PROPERTY_TYPES),
    minLength: z.number().int().nonnegative().nullable().optional(),
    maxLength: z.number().int().nonnegative().nullable().optional(),
    defaultValue: z.string().nullable().optional(),
    isMandatory: z.boolean(),
    /** `#/components/schemas/Address` (schemaRef): names a schema of the same API. */
    refProperties: z.string().nullable().optional(),
    /** For arrays: the type of the items (their schema, when objects, is refProperties or configProperties). */
    itemsType: z.enum(PROPERTY_TYPES).nullable().optional(),
    autoGenerationType: z.enum(AUTO_GENERATION_TYPES).nullable().optional(),
    description: z.string().nullable().optional(),
    nullable: z.boolean().optional(),
    readOnly: z.boolean().optional(),
    writeOnly: z.boolean().optional(),
    isDesigned: z.boolean().optional(),
    configProperties: z.array(ZBodyProperty).optional(),
    ...ZConstraints.shape,
  }),
);

export const schemaTooDeep = `A schema may nest at most ${MAX_SCHEMA_DEPTH} levels of properties`;

/** How many levels of properties a tree has, counted without recursion (any depth can be measured). */
export function propertyDepth(properties: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[properties, 1]];
  while (pending.length > 0) {
    const [level, depth] = pending.pop() as [unknown, number];
    if (!Array.isArray(level)) continue;
    for (const property of level) {
      if (typeof property !== 'object' || property === null) continue;
      deepest = Math.max(deepest, depth);
      pending.push([(property as { configProperties?: unknown }).configProperties, depth + 1]);
    }
  }
  return deepest;
}

/**
 * A schema's property tree as a form sends it. Its depth is measured before the tree is parsed: the
 * recursive parse of a tree hundreds of levels deep could exhaust the stack.
 */
export const ZPropertyTree = z.preprocess((properties, ctx) => {
  if (propertyDepth(properties) <= MAX_SCHEMA_DEPTH) return properties;
  ctx.addIssue({ code: 'custom', message: schemaTooDeep });
  return z.NEVER;
}, z.array(ZBodyProperty).max(1000));

export interface BodyProperty {
  id?: number;
  jsonKey: string;
  jsonKeyType: PropertyType;
  minLength?: number | null;
  maxLength?: number | null;
  defaultValue?: string | null;
  isMandatory: boolean;
  refProperties?: string | null;
  itemsType?: PropertyType | null;
  autoGenerationType?: (typeof AUTO_GENERATION_TYPES)[number] | null;
  description?: string | null;
  nullable?: boolean;
  /** Sent by the server only: a request need not carry it, even when it is mandatory. */
  readOnly?: boolean;
  /** Sent by clients only (a password, say): no answer carries it. */
  writeOnly?: boolean;
  /** Answers only: added by a user, not brought by the imported document, so its key may be renamed. */
  isDesigned?: boolean;
  configProperties?: BodyProperty[];
  format?: string | null;
  enumValues?: unknown[] | null;
  example?: unknown;
  minimum?: number | null;
  maximum?: number | null;
  pattern?: string | null;
}

/** What a property or a primitive schema may say of its values, beside its type. */
export type ValueConstraints = Pick<
  BodyProperty,
  | 'format'
  | 'enumValues'
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'pattern'
  | 'defaultValue'
  | 'example'
>;

/**
 * A named schema of an API. `schemaType` object → configProperties; array → items described by
 * itemsType/itemsRef; a primitive → constraints only. oneOf/anyOf keep their alternatives by name.
 */
export interface SchemaMaster {
  id?: number;
  schemaName: string;
  apiMasterId?: number;
  schemaType: PropertyType;
  description?: string | null;
  itemsType?: PropertyType | null;
  itemsRef?: string | null;
  /** oneOf / anyOf alternatives: names of schemas of the same API. */
  composition?: { kind: 'oneOf' | 'anyOf'; schemaNames: string[] } | null;
  example?: unknown;
  configProperties: BodyProperty[];
  /** Constraints of a primitive schema (a named enum, a formatted string). */
  format?: string | null;
  enumValues?: unknown[] | null;
  minLength?: number | null;
  maxLength?: number | null;
  minimum?: number | null;
  maximum?: number | null;
  pattern?: string | null;
  defaultValue?: string | null;
  nullable?: boolean;
  /** Answers only: added by a user, not brought by the imported document, so it may be renamed. */
  isDesigned?: boolean;
}

export const ZParameterLocation = z.enum(['path', 'query', 'cookie']);

export interface ParameterConfig {
  id?: number;
  keyName: string;
  parameterType: 'path' | 'query' | 'cookie';
  description: string | null;
  isRequired: boolean;
  dataType: PropertyType;
  defaultValue?: string | null;
  minLength?: number | null;
  maxLength?: number | null;
  format?: string | null;
  enumValues?: unknown[] | null;
  example?: unknown;
  minimum?: number | null;
  maximum?: number | null;
  pattern?: string | null;
  /** For array parameters (`?ids=1&ids=2`): the type of each value. */
  itemsType?: PropertyType | null;
  /** spec §3: the mapped parameter (Mapping tab). */
  configParameterId?: number | null;
  /** Answers only: added by a user, not brought by the imported document, so it may be renamed. */
  isDesigned?: boolean;
}

export interface HeaderConfig {
  id?: number;
  headerKey: string;
  parameterType: string;
  description: string | null;
  isRequired: boolean;
  dataType: PropertyType;
  defaultValue?: string | null;
  format?: string | null;
  enumValues?: unknown[] | null;
  example?: unknown;
  /** Answers only: added by a user, not brought by the imported document, so it may be renamed. */
  isDesigned?: boolean;
}

export interface RequestConfig {
  id?: number;
  contentType: string;
  schemaName: string | null;
  isRequired: boolean;
}

export interface ResponseConfig {
  id?: number;
  responseCode: string;
  responseDescription: string;
  responseSchemaName: string | null;
  contentType: string | null;
  example?: unknown;
}

export type HttpMethodName = (typeof OPERATION_METHODS)[number];

/** One operation of an imported document, before it is stored. */
export interface ImportedEndpoint {
  apiTag: string;
  methodType: HttpMethodName;
  apiEndPoint: string;
  summary: string | null;
  operationId: string | null;
  parameterConfigList: ParameterConfig[];
  headerConfigList: HeaderConfig[];
  requestConfigList: RequestConfig[];
  responseConfigList: ResponseConfig[];
  /**
   * The operation as the document declares it (a DeclaredOperation), as JSON text: it goes from the
   * import worker into the database without being parsed and written again on the way. Only on the
   * importer's result, never in an answer; every endpoint it writes has one.
   */
  operationJson: string;
  /** The traffic simulation the document gives the operation (`x-sandbox-behaviour`). */
  behaviour?: Behaviour;
}

/** Something of a document the import could not honour and left out; `pointer` says where (`#/…`). */
export interface ImportWarning {
  pointer: string;
  message: string;
}

/** What the importer makes of a document: endpoints and named schemas, no ids yet. */
export interface ImportedApi {
  title: string;
  version: string;
  description: string | null;
  endpoints: ImportedEndpoint[];
  schemas: SchemaMaster[];
  /** The document's security schemes by name; only on the importer's result. */
  securitySchemes?: Record<string, SecurityScheme>;
  /**
   * The document's named schemas as it writes them (DeclaredSchemas), as JSON text: like each
   * endpoint's `operationJson`, stored as it is. Absent when the document names none.
   */
  declaredSchemasJson?: string;
  /** The traffic simulation the document gives its operations by default (`x-sandbox-behaviour`). */
  behaviour?: Behaviour;
  /** Only on the importer's own result: what it left out of the document. */
  warnings?: ImportWarning[];
}
