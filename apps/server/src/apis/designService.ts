import {
  type BodyProperty,
  designMessages,
  type EndpointDetail,
  type HttpMethodName,
  pathParameterNames,
  type ResponseConfig,
  routeShape,
  type SchemaMaster,
  schemaRef,
  type ZDesignHeaderRows,
  type ZDesignParameterRows,
  type ZDesignResponseCreate,
  type ZDesignSchemaSave,
  type ZEndpointCreate,
  type ZEndpointUpdate,
  type ZRequestBodySave,
  type ZSchemaCreate,
} from '@sandbox/contracts';
import { applyFormEdit } from '@sandbox/engine/model/applyFormEdit';
import { applyResponseEdit } from '@sandbox/engine/model/applyResponseEdit';
import { referencedSchemaNames, schemaNameOf } from '@sandbox/engine/model/schemaClosure';
import { schemaOfMaster } from '@sandbox/engine/model/toSchemaObjects';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { User } from '../auth/service.js';
import type { Database } from '../db/schema.js';
import { Conflict, Invalid, NotFound } from '../http/errors.js';
import { declareReferenced } from './declareReferenced.js';
import { createDesignStore, type DesignStore } from './designStore.js';
import { declaredOperationOf } from './modelOfRows.js';
import {
  removeResponse,
  writeParameters,
  writePathChanges,
  writeRequestBody,
  writeSummary,
} from './operationEdits.js';
import { planParameterSave } from './parameterRows.js';
import { pathParameterChanges } from './pathParameters.js';
import { mappedPlaces, writeRecordFields } from './recordFields.js';
import { refuseUnrunnablePatterns } from './refuseUnrunnablePatterns.js';
import {
  refersTo,
  refuseDuplicateKeys,
  refuseRequiredCycles,
  refuseUnknownReferences,
  renameReferences,
  rewriteSchemaRefs,
  schemaUserOf,
} from './schemaRules.js';
import { editDeclaredSchemas, insertSchemas, loadSchemas, saveSchemaProperties } from './schemaStore.js';
import { type ApiRow, type ApiStore, createApiStore, type EndpointRow } from './store.js';

// The calls that design an API: endpoints, parameters, bodies, responses and named schemas added,
// changed and removed. Each change is checked against the rest of the API, written to the rows and
// to the declared model (the operations and named schemas every API keeps, imported or designed
// here), and announced to the sandbox. A call reads what decides it and writes in one transaction: it
// happens whole or not at all, and two calls of one API never decide on what the other is half-way
// through writing.

export interface DesignDeps {
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

/** What a design call reads and writes with: its transaction, and the stores built on it. */
interface Tx {
  db: Kysely<Database>;
  store: ApiStore;
  design: DesignStore;
}

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

export function createDesignService({ db, apiOf, endpointOf, endpointDetail, changed }: DesignDeps) {
  /**
   * Runs `work` in one transaction on the API, and tells the sandbox once it is committed. The API's
   * row is written first: on PostgreSQL that locks it, so a second design call of the same API waits
   * there until this one commits and its checks (a route clash, a schema name taken) see this one's
   * writes. SQLite runs one transaction at a time on its one connection.
   */
  async function writing<T>(apiMasterId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const store = createApiStore(trx);
      const [touched] = await store.touch(apiMasterId);
      if (Number(touched?.numUpdatedRows ?? 0) === 0) throw new NotFound('API not found');
      return work({ db: trx, store, design: createDesignStore(trx) });
    });
    await changed(apiMasterId);
    return result;
  }

  /** The endpoint as the transaction sees it: a call racing its removal finds it gone. */
  async function endpointIn({ store }: Tx, apiMasterId: number, endpointId: number) {
    const endpoint = await store.findEndpoint(apiMasterId, endpointId);
    if (!endpoint) throw new NotFound('Endpoint not found');
    return endpoint;
  }

  async function refuseClash({ store }: Tx, api: ApiRow, method: string, path: string, except?: number) {
    const clash = (await store.endpointsOf([api.id])).find(
      (e) => e.id !== except && e.method === method && routeShape(e.path) === routeShape(path),
    );
    if (clash) throw new Invalid(designMessages.pathClash(method, clash.path));
  }

  /** Checks the API's schemas once `next` replaces (or joins) them under its name. */
  async function checkSchemas({ db }: Tx, apiMasterId: number, next: SchemaMaster, replacing?: string) {
    const all = (await loadSchemas(db, apiMasterId)).filter(
      (s) => s.schemaName !== (replacing ?? next.schemaName),
    );
    refuseDuplicateKeys(next.schemaName, next.configProperties);
    refuseUnknownReferences(next, new Set([...all.map((s) => s.schemaName), next.schemaName]));
    // the chain a refusal names begins with the schema being saved
    refuseRequiredCycles([next, ...all]);
    return all;
  }

  async function schemaNamed({ db }: Tx, apiMasterId: number, name: string) {
    const [schema] = await loadSchemas(db, apiMasterId, [name]);
    if (!schema) throw new Invalid(designMessages.schemaUnknown(name));
    return schema;
  }

  return {
    async createEndpoint(user: User, apiMasterId: number, input: z.output<typeof ZEndpointCreate>) {
      const api = await apiOf(user, apiMasterId);
      const id = await writing(api.id, async (tx) => {
        await refuseClash(tx, api, input.methodType, input.apiEndPoint);
        const values = {
          method: input.methodType,
          path: input.apiEndPoint,
          tag: input.apiTag || DEFAULT_TAG,
          summary: input.summary ?? input.description ?? null,
        };
        const names = pathParameterNames(input.apiEndPoint);
        // the API answers and exports from its declared operations: the new one gets one too,
        // written from what the user entered as the export writes an endpoint's rows
        const operation = declaredOperationOf({
          apiTag: values.tag,
          methodType: values.method as HttpMethodName,
          apiEndPoint: values.path,
          summary: values.summary,
          operationId: null,
          parameterConfigList: [],
          headerConfigList: [],
          requestConfigList: [],
          responseConfigList: [],
        });
        return tx.design.insertEndpoint(api.id, values, names, JSON.stringify(operation));
      });
      return endpointDetail(user, api.id, id);
    },

    async updateEndpoint(
      user: User,
      apiMasterId: number,
      endpointId: number,
      input: z.output<typeof ZEndpointUpdate>,
    ) {
      const { api } = await endpointOf(user, apiMasterId, endpointId);
      await writing(api.id, async (tx) => {
        const endpoint = await endpointIn(tx, api.id, endpointId);
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
          await refuseClash(tx, api, values.method, values.path, endpoint.id);
        const changes = pathParameterChanges(endpoint.path, values.path);
        await tx.design.updateEndpoint(endpoint.id, values, changes);
        await tx.store.editOperation(endpoint.id, (operation) =>
          writeSummary(writePathChanges(operation, changes), values.tag, values.summary),
        );
      });
      return endpointDetail(user, api.id, endpointId);
    },

    async deleteEndpoint(user: User, apiMasterId: number, endpointId: number) {
      const { api } = await endpointOf(user, apiMasterId, endpointId);
      await writing(api.id, async (tx) => {
        const mapped = await mappedPlaces(tx.db, api.id);
        await tx.design.deleteEndpoint(api.id, (await endpointIn(tx, api.id, endpointId)).id);
        await writeRecordFields(tx.db, api.id, mapped);
      });
    },

    /** spec §7 parameter-config, extended: the whole list of path, query and cookie parameters. */
    async updateParameters(user: User, endpointId: number, rows: z.output<typeof ZDesignParameterRows>) {
      const owner = await db
        .selectFrom('endpoints')
        .select(['api_master_id'])
        .where('id', '=', endpointId)
        .executeTakeFirst();
      if (!owner) throw new NotFound('Endpoint not found');
      const { api } = await endpointOf(user, owner.api_master_id, endpointId);
      await writing(api.id, (tx) =>
        saveRows(
          tx,
          api.id,
          endpointId,
          'params',
          rows.map((r) => ({ ...r, name: r.keyName })),
        ),
      );
    },

    async updateHeaders(
      user: User,
      apiMasterId: number,
      endpointId: number,
      rows: z.output<typeof ZDesignHeaderRows>,
    ) {
      const { api } = await endpointOf(user, apiMasterId, endpointId);
      await writing(api.id, (tx) =>
        saveRows(
          tx,
          api.id,
          endpointId,
          'headers',
          rows.map((r) => ({ ...r, name: r.headerKey })),
        ),
      );
    },

    async setRequestBody(
      user: User,
      apiMasterId: number,
      endpointId: number,
      input: z.output<typeof ZRequestBodySave>,
    ) {
      const { api } = await endpointOf(user, apiMasterId, endpointId);
      const body = input.schemaName === null ? null : { ...input, schemaName: input.schemaName };
      await writing(api.id, async (tx) => {
        const endpoint = await endpointIn(tx, api.id, endpointId);
        if (body) await schemaNamed(tx, api.id, body.schemaName);
        await tx.design.setRequestBody(endpoint.id, body);
        await tx.store.editOperation(endpoint.id, (operation) => writeRequestBody(operation, body));
        if (body) await declareReferenced(tx.db, api.id, [body.schemaName]);
      });
      return endpointDetail(user, api.id, endpointId);
    },

    /** spec §5 Add Response, extended with the named schema of its body. */
    async createResponse(
      user: User,
      apiMasterId: number,
      endpointId: number,
      input: z.output<typeof ZDesignResponseCreate>,
    ): Promise<ResponseConfig> {
      const { api } = await endpointOf(user, apiMasterId, endpointId);
      return writing(api.id, async (tx) => {
        const endpoint = await endpointIn(tx, api.id, endpointId);
        const parts = await tx.store.endpointParts(endpoint.id);
        if (parts.responseConfigList.some((r) => r.responseCode === input.statusCode)) {
          throw new Conflict(`The endpoint already has a ${input.statusCode} response`);
        }
        const schemaName = input.responseSchemaName ?? null;
        if (schemaName) await schemaNamed(tx, api.id, schemaName);
        let response = await tx.store.createResponse(endpoint.id, input);
        if (schemaName && response.id !== undefined)
          response = await tx.store.updateResponse(response.id, { code: input.statusCode, schemaName });
        await tx.store.editOperation(endpoint.id, (operation) =>
          applyResponseEdit(operation, {
            code: input.statusCode,
            description: input.description,
            contentType: response.contentType,
            ...(schemaName && { schemaName }),
          }),
        );
        if (schemaName) await declareReferenced(tx.db, api.id, [schemaName]);
        return response;
      });
    },

    async deleteResponse(user: User, apiMasterId: number, endpointId: number, responseId: number) {
      const { api } = await endpointOf(user, apiMasterId, endpointId);
      await writing(api.id, async (tx) => {
        const endpoint = await endpointIn(tx, api.id, endpointId);
        const response = (await tx.store.endpointParts(endpoint.id)).responseConfigList.find(
          (r) => r.id === responseId,
        );
        if (!response) throw new NotFound('Response not found');
        await tx.design.deleteResponse(responseId);
        await tx.store.editOperation(endpoint.id, (operation) =>
          removeResponse(operation, response.responseCode),
        );
      });
    },

    async createSchema(user: User, apiMasterId: number, input: z.output<typeof ZSchemaCreate>) {
      const api = await apiOf(user, apiMasterId);
      const { schemaName, configProperties, ...fields } = input;
      const master: SchemaMaster = {
        ...definedOnly(fields),
        schemaType: fields.schemaType ?? 'object',
        schemaName,
        isDesigned: true,
        configProperties: markDesigned(configProperties, new Map()),
      };
      return writing(api.id, async (tx) => {
        if (await tx.store.findSchema(api.id, schemaName))
          throw new Conflict(designMessages.schemaExists(schemaName));
        refuseUnrunnablePatterns(master.configProperties, []);
        await checkSchemas(tx, api.id, master);
        await insertSchemas(tx.db, api.id, [master]);
        const saved = await schemaNamed(tx, api.id, schemaName);
        // the API answers from its declared schemas: the new one joins them
        await editDeclaredSchemas(tx.db, api.id, (declared) => ({
          ...declared,
          [schemaName]: schemaOfMaster(saved),
        }));
        await declareReferenced(tx.db, api.id, referencedSchemaNames(saved));
        return saved;
      });
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
      return writing(api.id, async (tx) => {
        const [stored] = await loadSchemas(tx.db, api.id, [schemaName]);
        if (!stored?.id) throw new NotFound(`Schema "${schemaName}" not found`);
        const newName = input.schemaName ?? schemaName;
        if (newName !== schemaName) {
          if (!stored.isDesigned) throw new Invalid(designMessages.keyReadOnly(schemaName));
          if (await tx.store.findSchema(api.id, newName))
            throw new Conflict(designMessages.schemaExists(newName));
        }
        const { configProperties, schemaName: _name, ...fields } = input;
        const properties = markDesigned(configProperties, byId(stored.configProperties));
        const next: SchemaMaster = {
          ...ownFields(stored),
          ...definedOnly(fields),
          schemaName: newName,
          configProperties: renameReferences(properties, schemaName, newName),
        };
        if (schemaNameOf(next.itemsRef) === schemaName) next.itemsRef = schemaRef(newName);
        refuseUnrunnablePatterns(next.configProperties, stored.configProperties);
        const others = await checkSchemas(tx, api.id, next, schemaName);

        await saveSchemaProperties(tx.db, stored.id, next.configProperties);
        await tx.design.updateSchema(stored.id, newName, JSON.stringify(ownFields(next)));
        const ownChanged = JSON.stringify(ownFields(next)) !== JSON.stringify(ownFields(stored));
        let declaredOne = false;
        await editDeclaredSchemas(tx.db, api.id, (declared) => {
          if (!Object.hasOwn(declared, schemaName)) return undefined;
          declaredOne = true;
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
        if (newName !== schemaName) await followRename(tx, api.id, schemaName, newName, others);
        if (declaredOne) await declareReferenced(tx.db, api.id, referencedSchemaNames(next));
        // a mapping to a property renamed follows it; one to a property removed goes with it
        await writeRecordFields(tx.db, api.id);
        return schemaNamed(tx, api.id, newName);
      });
    },

    async deleteSchema(user: User, apiMasterId: number, schemaName: string) {
      const api = await apiOf(user, apiMasterId);
      await writing(api.id, async (tx) => {
        const all = await loadSchemas(tx.db, api.id);
        const schema = all.find((s) => s.schemaName === schemaName);
        if (!schema?.id) throw new NotFound(`Schema "${schemaName}" not found`);
        const user_ =
          (await tx.design.schemaUseByEndpoints(api.id, schemaName)) ??
          schemaUserOf(schemaName, all) ??
          (await declaredUse(tx, api.id, schemaName));
        if (user_) throw new Conflict(designMessages.schemaInUse(schemaName, user_));
        await tx.design.deleteSchema(schema.id);
        await editDeclaredSchemas(tx.db, api.id, (declared) =>
          Object.hasOwn(declared, schemaName)
            ? Object.fromEntries(Object.entries(declared).filter(([name]) => name !== schemaName))
            : undefined,
        );
        await writeRecordFields(tx.db, api.id);
      });
    },
  };

  /** One form's rows (Params or Headers) saved whole: rows added, changed and removed. */
  async function saveRows(
    tx: Tx,
    apiMasterId: number,
    endpointId: number,
    form: 'params' | 'headers',
    rows: Parameters<typeof planParameterSave>[1],
  ) {
    const endpoint = await endpointIn(tx, apiMasterId, endpointId);
    const plan = planParameterSave(form, rows, await tx.design.parameterRows(endpoint.id), endpoint.path);
    const mapped = form === 'params' ? await mappedPlaces(tx.db, apiMasterId) : undefined;
    await tx.design.writeParameters(endpoint.id, plan.writes, plan.removed);
    await tx.store.editOperation(endpoint.id, (operation) =>
      writeParameters(operation, plan.saved, plan.removedPlaces),
    );
    if (mapped) await writeRecordFields(tx.db, apiMasterId, mapped);
  }

  /** The declared operation or schema that still refers to the schema, as a user says it. */
  async function declaredUse(tx: Tx, apiMasterId: number, schemaName: string): Promise<string | null> {
    for (const e of await tx.design.declaredOperations(apiMasterId)) {
      if (refersTo(JSON.parse(e.operation), schemaName)) return `${e.method} ${e.path}`;
    }
    let found: string | null = null;
    await editDeclaredSchemas(tx.db, apiMasterId, (declared) => {
      found =
        Object.keys(declared).find((n) => n !== schemaName && refersTo(declared[n], schemaName)) ?? null;
      return undefined;
    });
    return found && `schema "${found}"`;
  }

  /** After a rename: the API's other schemas, bodies and declared operations name the schema anew. */
  async function followRename(tx: Tx, apiMasterId: number, from: string, to: string, others: SchemaMaster[]) {
    await tx.design.renameSchemaUses(apiMasterId, from, to);
    for (const other of others) {
      const renamed: SchemaMaster = {
        ...other,
        configProperties: renameReferences(other.configProperties, from, to),
        ...(schemaNameOf(other.itemsRef) === from ? { itemsRef: schemaRef(to) } : {}),
        ...(other.composition && {
          composition: {
            ...other.composition,
            schemaNames: other.composition.schemaNames.map((n) => (n === from ? to : n)),
          },
        }),
      };
      if (JSON.stringify(renamed) === JSON.stringify(other) || other.id === undefined) continue;
      await saveSchemaProperties(tx.db, other.id, renamed.configProperties);
      await tx.design.updateSchema(other.id, other.schemaName, JSON.stringify(ownFields(renamed)));
    }
    for (const e of await tx.design.declaredOperations(apiMasterId)) {
      if (refersTo(JSON.parse(e.operation), from))
        await tx.store.editOperation(e.id, (operation) => rewriteSchemaRefs(operation, from, to));
    }
  }
}

export type DesignService = ReturnType<typeof createDesignService>;
