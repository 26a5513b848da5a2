import {
  type BodyProperty,
  designMessages,
  type EndpointDetail,
  pathParameterNames,
  type ResponseConfig,
  routeShape,
  type SchemaMaster,
  type ZDesignHeaderRows,
  type ZDesignParameterRows,
  type ZDesignResponseCreate,
  type ZDesignSchemaSave,
  type ZEndpointCreate,
  type ZEndpointUpdate,
  type ZRequestBodySave,
  type ZSchemaCreate,
} from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { refuseUnrunnablePatterns } from '../apis/refuseUnrunnablePatterns.js';
import { schemaNameOf } from '../apis/schemaClosure.js';
import {
  editDeclaredSchemas,
  insertSchemas,
  loadSchemas,
  saveSchemaProperties,
} from '../apis/schemaStore.js';
import type { ApiRow, ApiStore, EndpointRow } from '../apis/store.js';
import type { User } from '../auth/store.js';
import type { Database } from '../db/schema.js';
import { schemaOfMaster } from '../export/toSchemaObjects.js';
import { Conflict, Invalid, NotFound } from '../http/errors.js';
import { applyFormEdit } from '../model/applyFormEdit.js';
import { applyResponseEdit } from '../model/applyResponseEdit.js';
import { createDesignStore } from './designStore.js';
import {
  designedOperation,
  removeResponse,
  writeParameters,
  writePathChanges,
  writeRequestBody,
  writeSummary,
} from './operationEdits.js';
import { planParameterSave } from './parameterRows.js';
import { pathParameterChanges } from './pathParameters.js';
import {
  refersTo,
  refuseDuplicateKeys,
  refuseRequiredCycles,
  refuseUnknownReferences,
  renameReferences,
  rewriteSchemaRefs,
  schemaUserOf,
} from './schemaRules.js';

// The calls that design an API: endpoints, parameters, bodies, responses and named schemas added,
// changed and removed. Each change is checked against the rest of the API, written to the rows and
// (for an imported endpoint or schema) to the declared model, and announced to the sandbox.

export interface DesignDeps {
  store: ApiStore;
  db: Kysely<Database>;
  apiOf(user: User, apiMasterId: number): Promise<ApiRow>;
  endpointOf(
    user: User,
    apiMasterId: number,
    endpointId: number,
  ): Promise<{ api: ApiRow; endpoint: EndpointRow }>;
  endpointDetail(user: User, apiMasterId: number, endpointId: number): Promise<EndpointDetail>;
  /** Marks the API changed: its sandbox recompiles on the next request. */
  changed(apiMasterId: number): Promise<void>;
}

const DEFAULT_TAG = 'default';

/** The tree with `isDesigned` as stored: kept for a property that was there, set for a new one. */
function markDesigned(properties: BodyProperty[], stored: Map<number, BodyProperty>): BodyProperty[] {
  return properties.map((property) => {
    const old = property.id === undefined ? undefined : stored.get(property.id);
    if (old && old.jsonKey !== property.jsonKey && !old.isDesigned)
      throw new Invalid(designMessages.keyReadOnly(old.jsonKey));
    const { isDesigned: _claimed, ...rest } = property;
    return {
      ...rest,
      ...(old ? (old.isDesigned ? { isDesigned: true } : {}) : { isDesigned: true }),
      ...(property.configProperties && { configProperties: markDesigned(property.configProperties, stored) }),
    };
  });
}

function byId(properties: BodyProperty[], into = new Map<number, BodyProperty>()) {
  for (const p of properties) {
    if (p.id !== undefined) into.set(p.id, p);
    if (p.configProperties) byId(p.configProperties, into);
  }
  return into;
}

/** A schema's own fields as stored in its definition (no name, id or properties). */
function ownFields({ id: _i, schemaName: _n, apiMasterId: _a, configProperties: _p, ...rest }: SchemaMaster) {
  return rest;
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export function createDesignService({ store, db, apiOf, endpointOf, endpointDetail, changed }: DesignDeps) {
  const design = createDesignStore(db);

  async function refuseClash(api: ApiRow, method: string, path: string, except?: number) {
    const clash = (await store.endpointsOf([api.id])).find(
      (e) => e.id !== except && e.method === method && routeShape(e.path) === routeShape(path),
    );
    if (clash) throw new Invalid(designMessages.pathClash(method, clash.path));
  }

  /** Checks the API's schemas once `next` replaces (or joins) them under its name. */
  async function checkSchemas(apiMasterId: number, next: SchemaMaster, replacing?: string) {
    const all = (await loadSchemas(db, apiMasterId)).filter(
      (s) => s.schemaName !== (replacing ?? next.schemaName),
    );
    refuseDuplicateKeys(next.schemaName, next.configProperties);
    refuseUnknownReferences(next, new Set([...all.map((s) => s.schemaName), next.schemaName]));
    // the chain a refusal names begins with the schema being saved
    refuseRequiredCycles([next, ...all]);
    return all;
  }

  async function schemaNamed(apiMasterId: number, name: string) {
    const [schema] = await loadSchemas(db, apiMasterId, [name]);
    if (!schema) throw new Invalid(designMessages.schemaUnknown(name));
    return schema;
  }

  return {
    async createEndpoint(user: User, apiMasterId: number, input: z.output<typeof ZEndpointCreate>) {
      const api = await apiOf(user, apiMasterId);
      await refuseClash(api, input.methodType, input.apiEndPoint);
      const values = {
        method: input.methodType,
        path: input.apiEndPoint,
        tag: input.apiTag || DEFAULT_TAG,
        summary: input.summary ?? input.description ?? null,
      };
      const names = pathParameterNames(input.apiEndPoint);
      // an imported API answers and exports from its declared operations: the new one gets one too
      const operation = (await design.keepsOperations(api.id))
        ? JSON.stringify(designedOperation(values.tag, values.summary, names))
        : null;
      const id = await design.insertEndpoint(api.id, values, names, operation);
      await changed(api.id);
      return endpointDetail(user, api.id, id);
    },

    async updateEndpoint(
      user: User,
      apiMasterId: number,
      endpointId: number,
      input: z.output<typeof ZEndpointUpdate>,
    ) {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const values = {
        method: input.methodType ?? endpoint.method,
        path: input.apiEndPoint ?? endpoint.path,
        tag: input.apiTag === undefined ? endpoint.tag : input.apiTag || DEFAULT_TAG,
        summary:
          input.summary !== undefined
            ? input.summary
            : input.description !== undefined
              ? input.description
              : endpoint.summary,
      };
      if (values.method !== endpoint.method || values.path !== endpoint.path)
        await refuseClash(api, values.method, values.path, endpoint.id);
      const changes = pathParameterChanges(endpoint.path, values.path);
      await design.updateEndpoint(endpoint.id, values, changes);
      await store.editOperation(endpoint.id, (operation) =>
        writeSummary(writePathChanges(operation, changes), values.tag, values.summary),
      );
      await changed(api.id);
      return endpointDetail(user, api.id, endpoint.id);
    },

    async deleteEndpoint(user: User, apiMasterId: number, endpointId: number) {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      await design.deleteEndpoint(api.id, endpoint.id);
      await changed(api.id);
    },

    /** spec §7 parameter-config, extended: the whole list of path and query parameters. */
    async updateParameters(user: User, endpointId: number, rows: z.output<typeof ZDesignParameterRows>) {
      const owner = await db
        .selectFrom('endpoints')
        .select(['api_master_id'])
        .where('id', '=', endpointId)
        .executeTakeFirst();
      if (!owner) throw new NotFound('Endpoint not found');
      const { api, endpoint } = await endpointOf(user, owner.api_master_id, endpointId);
      const plan = planParameterSave(
        'params',
        rows.map((r) => ({ ...r, name: r.keyName })),
        await design.parameterRows(endpoint.id),
        endpoint.path,
      );
      await design.writeParameters(endpoint.id, plan.writes, plan.removed);
      await store.editOperation(endpoint.id, (operation) =>
        writeParameters(operation, plan.saved, plan.removedPlaces),
      );
      await changed(api.id);
    },

    async updateHeaders(
      user: User,
      apiMasterId: number,
      endpointId: number,
      rows: z.output<typeof ZDesignHeaderRows>,
    ) {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const plan = planParameterSave(
        'headers',
        rows.map((r) => ({ ...r, name: r.headerKey })),
        await design.parameterRows(endpoint.id),
        endpoint.path,
      );
      await design.writeParameters(endpoint.id, plan.writes, plan.removed);
      await store.editOperation(endpoint.id, (operation) =>
        writeParameters(operation, plan.saved, plan.removedPlaces),
      );
      await changed(api.id);
    },

    async setRequestBody(
      user: User,
      apiMasterId: number,
      endpointId: number,
      input: z.output<typeof ZRequestBodySave>,
    ) {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const body = input.schemaName === null ? null : { ...input, schemaName: input.schemaName };
      if (body) await schemaNamed(api.id, body.schemaName);
      await design.setRequestBody(endpoint.id, body);
      await store.editOperation(endpoint.id, (operation) => writeRequestBody(operation, body));
      await changed(api.id);
      return endpointDetail(user, api.id, endpoint.id);
    },

    /** spec §5 Add Response, extended with the named schema of its body. */
    async createResponse(
      user: User,
      apiMasterId: number,
      endpointId: number,
      input: z.output<typeof ZDesignResponseCreate>,
    ): Promise<ResponseConfig> {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const parts = await store.endpointParts(endpoint.id);
      if (parts.responseConfigList.some((r) => r.responseCode === input.statusCode)) {
        throw new Conflict(`The endpoint already has a ${input.statusCode} response`);
      }
      const schemaName = input.responseSchemaName ?? null;
      if (schemaName) await schemaNamed(api.id, schemaName);
      let response = await store.createResponse(endpoint.id, input);
      if (schemaName && response.id !== undefined)
        response = await store.updateResponse(response.id, { code: input.statusCode, schemaName });
      await store.editOperation(endpoint.id, (operation) =>
        applyResponseEdit(operation, {
          code: input.statusCode,
          description: input.description,
          contentType: response.contentType,
          ...(schemaName && { schemaName }),
        }),
      );
      await changed(api.id);
      return response;
    },

    async deleteResponse(user: User, apiMasterId: number, endpointId: number, responseId: number) {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const response = (await store.endpointParts(endpoint.id)).responseConfigList.find(
        (r) => r.id === responseId,
      );
      if (!response) throw new NotFound('Response not found');
      await design.deleteResponse(responseId);
      await store.editOperation(endpoint.id, (operation) => removeResponse(operation, response.responseCode));
      await changed(api.id);
    },

    async createSchema(user: User, apiMasterId: number, input: z.output<typeof ZSchemaCreate>) {
      const api = await apiOf(user, apiMasterId);
      if (await store.findSchema(api.id, input.schemaName))
        throw new Conflict(designMessages.schemaExists(input.schemaName));
      const { schemaName, configProperties, ...fields } = input;
      const master: SchemaMaster = {
        ...definedOnly(fields),
        schemaType: fields.schemaType ?? 'object',
        schemaName,
        isDesigned: true,
        configProperties: markDesigned(configProperties, new Map()),
      };
      refuseUnrunnablePatterns(master.configProperties, []);
      await checkSchemas(api.id, master);
      await insertSchemas(db, api.id, [master]);
      const saved = await schemaNamed(api.id, schemaName);
      // an imported API answers from its declared schemas: the new one joins them
      await editDeclaredSchemas(db, api.id, (declared) => ({
        ...declared,
        [schemaName]: schemaOfMaster(saved),
      }));
      await changed(api.id);
      return saved;
    },

    /**
     * Saves a named schema: its property tree (imported keys kept), its own fields and, for one a
     * user added, its name, followed into every reference to it.
     */
    async saveSchema(
      user: User,
      apiMasterId: number,
      schemaName: string,
      input: z.output<typeof ZDesignSchemaSave>,
    ) {
      const api = await apiOf(user, apiMasterId);
      const [stored] = await loadSchemas(db, api.id, [schemaName]);
      if (!stored?.id) throw new NotFound(`Schema "${schemaName}" not found`);
      const newName = input.schemaName ?? schemaName;
      if (newName !== schemaName) {
        if (!stored.isDesigned) throw new Invalid(designMessages.keyReadOnly(schemaName));
        if (await store.findSchema(api.id, newName)) throw new Conflict(designMessages.schemaExists(newName));
      }
      const { configProperties, schemaName: _name, ...fields } = input;
      const properties = markDesigned(configProperties, byId(stored.configProperties));
      const next: SchemaMaster = {
        ...ownFields(stored),
        ...definedOnly(fields),
        schemaName: newName,
        configProperties: renameReferences(properties, schemaName, newName),
      };
      if (schemaNameOf(next.itemsRef) === schemaName) next.itemsRef = `#/components/schemas/${newName}`;
      refuseUnrunnablePatterns(next.configProperties, stored.configProperties);
      const others = await checkSchemas(api.id, next, schemaName);

      await saveSchemaProperties(db, stored.id, next.configProperties);
      await design.updateSchema(stored.id, newName, JSON.stringify(ownFields(next)));
      const ownChanged = JSON.stringify(ownFields(next)) !== JSON.stringify(ownFields(stored));
      await editDeclaredSchemas(db, api.id, (declared) => {
        if (!Object.hasOwn(declared, schemaName)) return undefined;
        const named = new Set([...Object.keys(declared), newName]);
        let schema = applyFormEdit(
          declared[schemaName],
          stored.configProperties,
          next.configProperties,
          named,
        );
        if (ownChanged && typeof schema === 'object') {
          const {
            properties: _p,
            required: _r,
            ...written
          } = schemaOfMaster({ ...next, configProperties: [] });
          schema = stored.isDesigned ? schemaOfMaster(next) : { ...schema, ...written };
        }
        // fromEntries: a schema named `__proto__` is a name like any other
        return Object.fromEntries(
          Object.entries(declared).map(([name, s]) =>
            name === schemaName
              ? [newName, rewriteSchemaRefs(schema, schemaName, newName)]
              : [name, rewriteSchemaRefs(s, schemaName, newName)],
          ),
        );
      });
      if (newName !== schemaName) await followRename(api.id, schemaName, newName, others);
      await changed(api.id);
      return schemaNamed(api.id, newName);
    },

    async deleteSchema(user: User, apiMasterId: number, schemaName: string) {
      const api = await apiOf(user, apiMasterId);
      const all = await loadSchemas(db, api.id);
      const schema = all.find((s) => s.schemaName === schemaName);
      if (!schema?.id) throw new NotFound(`Schema "${schemaName}" not found`);
      const user_ =
        (await design.schemaUseByEndpoints(api.id, schemaName)) ??
        schemaUserOf(schemaName, all) ??
        (await declaredUse(api.id, schemaName));
      if (user_) throw new Conflict(designMessages.schemaInUse(schemaName, user_));
      await design.deleteSchema(schema.id);
      await editDeclaredSchemas(db, api.id, (declared) =>
        Object.hasOwn(declared, schemaName)
          ? Object.fromEntries(Object.entries(declared).filter(([name]) => name !== schemaName))
          : undefined,
      );
      await changed(api.id);
    },
  };

  /** The declared operation or schema that still refers to the schema, as a user says it. */
  async function declaredUse(apiMasterId: number, schemaName: string): Promise<string | null> {
    for (const e of await design.declaredOperations(apiMasterId)) {
      if (refersTo(JSON.parse(e.operation as string), schemaName)) return `${e.method} ${e.path}`;
    }
    let found: string | null = null;
    await editDeclaredSchemas(db, apiMasterId, (declared) => {
      found =
        Object.keys(declared).find((n) => n !== schemaName && refersTo(declared[n], schemaName)) ?? null;
      return undefined;
    });
    return found && `schema "${found}"`;
  }

  /** After a rename: the API's other schemas, bodies and declared operations name the schema anew. */
  async function followRename(apiMasterId: number, from: string, to: string, others: SchemaMaster[]) {
    await design.renameSchemaUses(apiMasterId, from, to);
    for (const other of others) {
      const renamed: SchemaMaster = {
        ...other,
        configProperties: renameReferences(other.configProperties, from, to),
        ...(schemaNameOf(other.itemsRef) === from ? { itemsRef: `#/components/schemas/${to}` } : {}),
        ...(other.composition && {
          composition: {
            ...other.composition,
            schemaNames: other.composition.schemaNames.map((n) => (n === from ? to : n)),
          },
        }),
      };
      if (JSON.stringify(renamed) === JSON.stringify(other) || other.id === undefined) continue;
      await saveSchemaProperties(db, other.id, renamed.configProperties);
      await design.updateSchema(other.id, other.schemaName, JSON.stringify(ownFields(renamed)));
    }
    for (const e of await design.declaredOperations(apiMasterId)) {
      if (refersTo(JSON.parse(e.operation as string), from))
        await store.editOperation(e.id, (operation) => rewriteSchemaRefs(operation, from, to));
    }
  }
}

export type DesignService = ReturnType<typeof createDesignService>;
