import {
  type Behaviour,
  type DeclaredSchema,
  HTTP_METHODS,
  type HttpMethod,
  schemaNameOfRef,
} from '@sandbox/contracts';
import { ApiModel } from '../model/apiModel.js';
import { recordFieldOf } from '../model/recordFieldExtension.js';
import { type CompiledResponses, compileResponses } from './compileResponses.js';
import { type DeployedApi, type DeployedEndpoint, linkedIds } from './deployedApi.js';
import { Router } from './matchRoute.js';
import { itemParamOf, keyFieldOf, recordFieldsOf, recordSchemasOf, resourceOf } from './recordKey.js';
import { requestModelOf } from './requestModel.js';
import { ApiValidator } from './requestValidator.js';
import { type SecurityCheck, securityCompiler } from './securitySchemes.js';
import { StartingRecords } from './startingRecords.js';
import { RequestRules } from './validateRequest.js';
import type { ResolveSchema } from './xmlBody.js';

export interface CompiledEndpoint {
  id: number;
  method: string;
  path: string;
  /** The document's `operationId`, when it gives one. */
  operationId?: string;
  /** The path's last fixed segment (`pets` for `/pets/{petId}`): names values generated for it. */
  resourceName: string;
  /** What a request may carry, and its validators. */
  request: RequestRules;
  /**
   * By code, range and `default`. spec/DESIGN §6: the lowest 2xx answers unless `Prefer: code=` asks
   * for another; a declared 422 or 400 answers validation failures (as Prism does).
   */
  responses: CompiledResponses;
  /** Linked endpoints (and, without links, endpoints of one resource path) share one collection. */
  collection: string;
  /** Test data for the response: answered before anything is generated. */
  testRows: Record<string, unknown>[];
  /** Set when the path ends with a parameter: that parameter finds the record, by this field. */
  item?: { param: string; field: string };
  /** The document's security requirements; absent when the operation declares none. */
  security?: SecurityCheck;
  /** Its traffic simulation (delays, failures): its own, else the API's; absent when neither has one. */
  behaviour?: Behaviour;
  /** The document marks the operation deprecated. */
  deprecated?: boolean;
}

export interface CompiledApi {
  id: number;
  key: string;
  isAuthRequired: boolean;
  /** The API's schemas as the document declares them: what answers are generated from. */
  model: ApiModel;
  router: Router<CompiledEndpoint>;
  /** Per collection, the field that identifies a record (from its item endpoints). */
  idFields: Map<string, string>;
  /** Per collection with test data, its first records (see startingRecords.ts). */
  startingRecords: Map<string, StartingRecords>;
  /** The header (lower case) and query names of its API-key schemes: the request log masks them. */
  credentialNames: { headers: string[]; query: string[] };
  /** Checks answers against their schemas, for a mock that reports what its answers break (Prism's). */
  answerValidator: ApiValidator;
}

function credentialNamesOf(schemes: DeployedApi['securitySchemes']): CompiledApi['credentialNames'] {
  const names: CompiledApi['credentialNames'] = { headers: [], query: [] };
  for (const scheme of Object.values(schemes)) {
    if (scheme.type !== 'apiKey') continue;
    if (scheme.in === 'header') names.headers.push(scheme.name.toLowerCase());
    if (scheme.in === 'query') names.query.push(scheme.name);
  }
  return names;
}

/** The path's last fixed segment: `pets` for `/pets/{petId}`. */
function resourceNameOf(path: string): string {
  return (
    path
      .split('/')
      .filter((segment) => segment && !segment.startsWith('{'))
      .at(-1) ?? ''
  );
}

/** Finds the document's named schema that a declared `$ref` names, as written: its `xml` objects name XML elements. */
function schemaResolver(declared: DeployedApi['declaredSchemas']): ResolveSchema {
  return (ref) => {
    const name = schemaNameOfRef(ref);
    return name === undefined ? undefined : declared.get(name);
  };
}

/** Groups endpoints into collections: same resource path, then merged along the Mapping tab's links. */
function assignCollections(endpoints: DeployedEndpoint[]): Map<number, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  };
  const resource = new Map(endpoints.map((e) => [e.id, resourceOf(e.path)]));
  for (const e of endpoints) {
    for (const other of linkedIds(e)) {
      const target = resource.get(other);
      if (target) union(resource.get(e.id) as string, target);
    }
  }
  return new Map(endpoints.map((e) => [e.id, find(resource.get(e.id) as string)]));
}

/** Per collection, the fields its records have: those of its endpoints' bodies and successful answers. */
function recordFieldsByCollection(
  api: DeployedApi,
  collections: Map<number, string>,
  model: ApiModel,
): Map<string, Set<string>> {
  const schemas = new Map<string, DeclaredSchema[]>();
  for (const e of api.endpoints) {
    const collection = collections.get(e.id) as string;
    schemas.set(collection, [...(schemas.get(collection) ?? []), ...recordSchemasOf(e.operation)]);
  }
  return new Map([...schemas].map(([collection, list]) => [collection, recordFieldsOf(list, model)]));
}

/** Per collection, the test data of its endpoints' responses, in their order, as its first records. */
function startingRecordsOf(
  api: DeployedApi,
  collections: Map<number, string>,
  idFields: Map<string, string>,
): Map<string, StartingRecords> {
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const e of api.endpoints) {
    const collection = collections.get(e.id) as string;
    rows.set(collection, [...(rows.get(collection) ?? []), ...e.testRows]);
  }
  const starting = new Map<string, StartingRecords>();
  for (const [collection, list] of rows) {
    const records = StartingRecords.of(list, idFields.get(collection) ?? 'id');
    if (records) starting.set(collection, records);
  }
  return starting;
}

/** `prism`: requests and answers are checked against the document as Stoplight Prism reads it. */
export interface CompileOptions {
  prism?: boolean;
}

export function compileApi(api: DeployedApi, { prism = false }: CompileOptions = {}): CompiledApi {
  const named = api.declaredSchemas;
  const model = new ApiModel(named, api.answerSeed);
  const collections = assignCollections(api.endpoints);
  const recordFields = recordFieldsByCollection(api, collections, model);
  const router = new Router<CompiledEndpoint>(
    (endpoint, params) => endpoint.request.acceptsPath(params),
    prism,
  );
  const idFields = new Map<string, string>();
  const securityOf = securityCompiler(api.securitySchemes);
  const resolve = schemaResolver(api.declaredSchemas);
  const validator = new ApiValidator(named, 'request', { prism });

  for (const e of api.endpoints) {
    const resourceName = resourceNameOf(e.path);
    const responses = compileResponses(e.operation, { model, resourceName, resolve });
    const lastParam = itemParamOf(e.path);
    const collection = collections.get(e.id) as string;
    const mappedField = lastParam ? recordFieldOf(e.operation, lastParam) : undefined;
    const fields = recordFields.get(collection) as Set<string>;
    const idField = lastParam ? keyFieldOf(lastParam, mappedField, fields) : 'id';
    // records are stored and found by the CRUD operations; HEAD, OPTIONS and TRACE only answer
    if (lastParam && HTTP_METHODS.includes(e.method as HttpMethod) && !idFields.has(collection))
      idFields.set(collection, idField);
    router.add(e.method, e.path, {
      id: e.id,
      method: e.method,
      path: e.path,
      operationId: e.operation_id ?? undefined,
      resourceName,
      request: new RequestRules(requestModelOf(e.operation), validator, prism),
      responses,
      collection,
      testRows: e.testRows,
      item: lastParam ? { param: lastParam, field: idField } : undefined,
      security: securityOf(e.operation),
      behaviour: e.behaviour ?? api.behaviour ?? undefined,
      deprecated: (e.operation as { deprecated?: unknown }).deprecated === true || undefined,
    });
  }
  const credentialNames = credentialNamesOf(api.securitySchemes);
  return {
    id: api.id,
    key: api.key,
    isAuthRequired: api.isAuthRequired,
    model,
    router,
    idFields,
    startingRecords: startingRecordsOf(api, collections, idFields),
    credentialNames,
    // Ajv is created on first use: the hosted sandbox never checks its answers
    answerValidator: new ApiValidator(named, 'response', { prism }),
  };
}
