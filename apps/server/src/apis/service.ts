import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import {
  type ApiMaster,
  type ApiMasterDetail,
  type ApiMasterSave,
  type EndpointDetail,
  type EndpointLinks,
  type EndpointSummary,
  HTTP_METHODS,
  type MappingOptions,
  type SecurityScheme,
} from '@sandbox/contracts';
import { linkedIds } from '@sandbox/engine/answer/deployedApi';
import { applyResponseEdit, type ResponseEdit } from '@sandbox/engine/model/applyResponseEdit';
import { loadSchemaClosure } from '@sandbox/engine/model/schemaClosure';
import type { Kysely } from 'kysely';
import { teamOf, type User } from '../auth/service.js';
import type { Database } from '../db/schema.js';
import { exportModel, writeBehaviours } from '../export/service.js';
import { Conflict, Invalid, NotFound } from '../http/errors.js';
import { loadApiBehaviours, loadBehaviours, storedBehaviour } from '../simulation/service.js';
import { automaticLinksOf } from './automaticLinks.js';
import { declareReferenced } from './declareReferenced.js';
import { createDesignService } from './designService.js';
import { labStart } from './labStart.js';
import { loadDeclaredSchemas, loadSchemas } from './schemaStore.js';
import type { ApiMeta, ApiRow, ApiStore, ImportToWrite, WrittenEndpoint } from './store.js';

interface ApisDeps {
  store: ApiStore;
  db: Kysely<Database>;
  /** What deployed APIs' addresses start with: SANDBOX_URL, else PUBLIC_URL. */
  sandboxUrl: string;
  /** Told after every change of an API, so its compiled sandbox can be rebuilt. */
  onChange?: (apiMasterId: number) => void;
  /** APIs one team may have (`API_MAX_PER_TEAM`): each keeps a log and records anyone may add to. */
  maxApisPerTeam?: number;
  /** Refuses an Upstream URL the outbound rules would not let the sandbox reach. */
  checkUpstream?: (url: URL) => Promise<void>;
}

/** The document's security schemes the API keeps, by name (none for an API made in the product). */
const securitySchemesOf = (api: ApiRow): Record<string, SecurityScheme> =>
  api.security_schemes ? JSON.parse(api.security_schemes) : {};

const LINK_KEYS = {
  GET: 'getApiId',
  POST: 'postApiId',
  PUT: 'putApiId',
  PATCH: 'patchApiId',
  DELETE: 'deleteApiId',
} as const;

export function createApisService({
  store,
  db,
  sandboxUrl,
  onChange = () => {},
  maxApisPerTeam = Number.POSITIVE_INFINITY,
  checkUpstream = async () => {},
}: ApisDeps) {
  /** Checked before each new API: at the same moment, two may together pass the limit by one. */
  async function refusePastLimit(teamId: number): Promise<void> {
    if ((await store.countApis(teamId)) >= maxApisPerTeam)
      throw new Conflict(
        `Your team has ${maxApisPerTeam} APIs, as many as it may: delete one before adding another`,
      );
  }

  const baseUrlOf = (api: ApiRow) =>
    api.is_published && api.sandbox_key ? `${sandboxUrl}/sandbox/${api.sandbox_key}` : null;

  function toSummary(api: ApiRow, e: WrittenEndpoint): EndpointSummary {
    const base = baseUrlOf(api);
    return {
      id: e.id,
      apiTag: e.tag,
      methodType: e.method,
      apiEndPoint: e.path,
      publicEndPoint: base && `${base}${e.path}`,
      summary: e.summary,
      isDesigned: Boolean(e.is_designed),
      keepMocked: Boolean(e.keep_mocked),
    };
  }

  function toApiMaster(api: ApiRow, endpoints: WrittenEndpoint[]): ApiMaster {
    return {
      id: api.id,
      apiMasterName: api.name,
      apiVersion: api.version,
      apiDescription: api.description,
      isApiPublished: Boolean(api.is_published),
      isAuthRequired: Boolean(api.is_auth_required),
      updatedAt: api.updated_at,
      apiBaseUrl: baseUrlOf(api),
      generatedAccessToken: null,
      apiConfigList: endpoints.map((e) => toSummary(api, e)),
    };
  }

  async function apiOf(user: User, apiMasterId: number): Promise<ApiRow> {
    const api = await store.findApi(teamOf(user), apiMasterId);
    if (!api) throw new NotFound('API not found');
    return api;
  }

  async function endpointOf(user: User, apiMasterId: number, endpointId: number) {
    const api = await apiOf(user, apiMasterId);
    const endpoint = await store.findEndpoint(api.id, endpointId);
    if (!endpoint) throw new NotFound('Endpoint not found');
    return { api, endpoint };
  }

  async function changed(apiMasterId: number) {
    await store.touch(apiMasterId);
    onChange(apiMasterId);
  }

  async function editResponses(endpointId: number, edit: ResponseEdit) {
    await store.editOperation(endpointId, (operation) => applyResponseEdit(operation, edit));
  }

  async function withEndpoints(apis: ApiRow[]): Promise<ApiMaster[]> {
    const endpoints = await store.endpointsOf(apis.map((a) => a.id));
    return apis.map((api) =>
      toApiMaster(
        api,
        endpoints.filter((e) => e.api_master_id === api.id),
      ),
    );
  }

  const calls = {
    apiOf,
    /** For changes of an API made outside these calls (a re-import): its database and change hook. */
    db,
    changed,

    async list(user: User, publishedOnly = false): Promise<ApiMaster[]> {
      return withEndpoints(await store.listApis(teamOf(user), publishedOnly));
    },

    /** One API as the list shows it: its endpoints, none of its schemas. */
    async summaryOf(user: User, apiMasterId: number): Promise<ApiMaster> {
      const [master] = await withEndpoints([await apiOf(user, apiMasterId)]);
      return master;
    },

    async getOne(user: User, apiMasterId: number): Promise<ApiMasterDetail> {
      const api = await apiOf(user, apiMasterId);
      const [master] = await withEndpoints([api]);
      const detail: ApiMasterDetail = {
        ...master,
        schemaMasterList: await loadSchemas(db, api.id),
        answerSeed: api.answer_seed,
        behaviour: storedBehaviour(api.behaviour),
        upstreamUrl: api.upstream_url,
      };
      if (api.import_warnings !== null) detail.warnings = JSON.parse(api.import_warnings);
      return detail;
    },

    async save(user: User, input: ApiMasterSave): Promise<ApiMaster> {
      const meta: ApiMeta = {
        name: input.apiMasterName,
        version: input.apiVersion,
        description: input.apiDescription,
        isAuthRequired: input.isAuthRequired,
      };
      let id = input.id;
      if (id === undefined) {
        await refusePastLimit(teamOf(user));
        ({ id } = await store.createApi(teamOf(user), meta));
      } else {
        await apiOf(user, id);
        await store.updateApi(id, meta);
        onChange(id);
      }
      return calls.summaryOf(user, id);
    },

    /** Sets the seed the API's sandbox generates its answers from; null answers randomly again. */
    async setAnswerSeed(user: User, apiMasterId: number, seed: number | null): Promise<void> {
      await apiOf(user, apiMasterId);
      await store.setAnswerSeed(apiMasterId, seed);
      onChange(apiMasterId);
    },

    /**
     * Sets (or, with null, clears) the backend the API's sandbox forwards to. Its address is checked
     * by the outbound rules now, and again by the sandbox each time it connects.
     */
    async setUpstreamUrl(user: User, apiMasterId: number, upstreamUrl: string | null): Promise<void> {
      await apiOf(user, apiMasterId);
      if (upstreamUrl !== null) await checkUpstream(new URL(upstreamUrl));
      await store.setUpstreamUrl(apiMasterId, upstreamUrl);
      onChange(apiMasterId);
    },

    /** Whether the sandbox answers the endpoint itself though the API has an Upstream URL. */
    async setKeepMocked(user: User, apiMasterId: number, endpointId: number, keepMocked: boolean) {
      const { endpoint } = await endpointOf(user, apiMasterId, endpointId);
      await store.setKeepMocked(endpoint.id, keepMocked);
      await changed(apiMasterId);
    },

    async createFromImport(user: User, meta: ApiMeta, imported: ImportToWrite): Promise<ApiMaster> {
      await refusePastLimit(teamOf(user));
      const { id, endpoints } = await store.createApi(teamOf(user), meta, imported);
      // the endpoints as written: read back, each row would bring its declared operation's pages along
      return toApiMaster(await apiOf(user, id), endpoints);
    },

    async remove(user: User, apiMasterId: number): Promise<void> {
      await apiOf(user, apiMasterId);
      await store.deleteApi(apiMasterId);
      onChange(apiMasterId);
    },

    /** spec §4: deployment is one-way; a second try is refused. */
    async publish(user: User, apiMasterId: number): Promise<ApiMaster> {
      const api = await apiOf(user, apiMasterId);
      if (api.is_published || !(await store.publishApi(api.id, randomBytes(12).toString('base64url')))) {
        throw new Conflict('Already Deployed.');
      }
      onChange(api.id);
      const [master] = await withEndpoints([await apiOf(user, apiMasterId)]);
      return master;
    },

    /**
     * A closed team's APIs answer no more: each is undeployed and its compiled sandbox forgotten.
     * (Spec §4's one-way deployment binds a team's users; a closed team has none left.)
     */
    async undeployTeam(teamId: number): Promise<void> {
      for (const id of await store.unpublishTeam(teamId)) onChange(id);
    },

    /** The API as an OpenAPI 3.1 document, written from its model. */
    async exportDocument(user: User, apiMasterId: number) {
      const api = await apiOf(user, apiMasterId);
      const document = exportModel({
        title: api.name,
        version: api.version,
        description: api.description,
        endpoints: await store.operationsOf(api.id),
        schemas: await loadDeclaredSchemas(db, api.id),
        securitySchemes: securitySchemesOf(api),
      });
      return writeBehaviours(document, await loadApiBehaviours(db, api.id));
    },

    async endpointDetail(user: User, apiMasterId: number, endpointId: number): Promise<EndpointDetail> {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const parts = await store.endpointParts(endpoint.id);
      const names = [
        ...parts.requestConfigList.map((r) => r.schemaName),
        ...parts.responseConfigList.map((r) => r.responseSchemaName),
      ].filter((n): n is string => Boolean(n));
      const schemaMasterList = await loadSchemaClosure(names, (batch) => loadSchemas(db, api.id, batch));
      return {
        ...toSummary(api, endpoint),
        apiMasterId: api.id,
        apiName: api.name,
        operationId: endpoint.operation_id,
        ...parts,
        getApiId: endpoint.get_api_id,
        postApiId: endpoint.post_api_id,
        putApiId: endpoint.put_api_id,
        patchApiId: endpoint.patch_api_id,
        deleteApiId: endpoint.delete_api_id,
        schemaMasterList,
        ...(await labStart(db, endpoint, securitySchemesOf(api))),
        ...(await loadBehaviours(db, endpoint.id)),
      };
    },

    async updateResponseCode(
      user: User,
      responseId: number,
      code: string,
      input: { responseDescription?: string; responseSchemaName?: string | null },
    ) {
      if (!/^[1-5]\d\d$/.test(code)) throw new Invalid('Status code must be a number from 100 to 599');
      const response = await store.findResponse(responseId);
      if (!response || response.team_id !== teamOf(user)) throw new NotFound('Response not found');
      const siblings = await store.endpointParts(response.endpoint_id);
      if (siblings.responseConfigList.some((r) => r.responseCode === code && r.id !== responseId)) {
        throw new Conflict(`The endpoint already has a ${code} response`);
      }
      const updated = await store.updateResponse(responseId, {
        code,
        description: input.responseDescription,
        schemaName: input.responseSchemaName,
      });
      const schemaChanged =
        input.responseSchemaName !== undefined && input.responseSchemaName !== response.schema_name;
      await editResponses(response.endpoint_id, {
        code: response.code,
        newCode: code,
        description: input.responseDescription,
        ...(schemaChanged && { schemaName: input.responseSchemaName, contentType: response.content_type }),
      });
      if (schemaChanged && input.responseSchemaName)
        await declareReferenced(db, response.api_master_id, [input.responseSchemaName]);
      await changed(response.api_master_id);
      return updated;
    },

    /** Other endpoints of the API that may be linked, per method, without the endpoint's own method. */
    async mappingOptions(user: User, apiMasterId: number, endpointId: number): Promise<MappingOptions> {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const others = (await store.endpointsOf([api.id])).filter((e) => e.id !== endpoint.id);
      const options: MappingOptions = {};
      for (const method of HTTP_METHODS) {
        if (method === endpoint.method) continue;
        options[method] = others
          .filter((e) => e.method === method)
          .map((e) => ({ apiId: e.id, apiEndPoint: e.path }));
      }
      return options;
    },

    /** The endpoints that share this one's records because they are of its resource path. */
    async automaticLinks(user: User, apiMasterId: number, endpointId: number) {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      return automaticLinksOf(db, store, api.id, endpoint);
    },

    async updateLinks(
      user: User,
      apiMasterId: number,
      endpointId: number,
      links: EndpointLinks,
    ): Promise<void> {
      const { api } = await endpointOf(user, apiMasterId, endpointId);
      const ids = new Set((await store.endpointsOf([api.id])).map((e) => e.id));
      const normalised: EndpointLinks = {};
      for (const key of Object.values(LINK_KEYS)) {
        const list = (links[key] ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const bad = list.find((s) => !/^\d+$/.test(s) || !ids.has(Number(s)) || Number(s) === endpointId);
        if (bad !== undefined) throw new Invalid(`${key}: "${bad}" is not another endpoint of this API`);
        normalised[key] = list.length ? [...new Set(list)].join(',') : null;
      }
      await store.updateLinks(endpointId, normalised);
      await changed(api.id);
    },

    /**
     * spec §7 map-params: the fields a path or query parameter can be matched against — the top-level
     * body properties of the POST endpoints linked with this one (all POST endpoints when none is).
     */
    async mapParams(user: User, apiMasterId: number, endpointId: number): Promise<Record<string, number>> {
      const { api, endpoint } = await endpointOf(user, apiMasterId, endpointId);
      const all = await store.endpointsOf([api.id]);
      const mine = new Set(linkedIds(endpoint));
      const posts = all.filter(
        (e) => e.method === 'POST' && (mine.has(e.id) || linkedIds(e).includes(endpoint.id)),
      );
      const sources = posts.length ? posts : all.filter((e) => e.method === 'POST');
      const names = new Set<string>();
      for (const e of sources) {
        for (const r of (await store.endpointParts(e.id)).requestConfigList)
          if (r.schemaName) names.add(r.schemaName);
      }
      const map: Record<string, number> = {};
      for (const schema of await loadSchemas(db, api.id, [...names])) {
        for (const p of schema.configProperties) if (p.id !== undefined) map[p.jsonKey] = p.id;
      }
      return map;
    },

    httpStatusCodes(): Record<string, string> {
      return Object.fromEntries(
        Object.entries(STATUS_CODES).filter(([code]) => Number(code) >= 100),
      ) as Record<string, string>;
    },
  };
  // designing an API: endpoints, rows, bodies, responses and schemas added, changed and removed
  const design = createDesignService({
    db,
    apiOf,
    endpointOf,
    endpointDetail: calls.endpointDetail,
    changed,
  });
  return { ...calls, ...design };
}

export type ApisService = ReturnType<typeof createApisService>;

// What other capabilities use of this one's parts: they reach it only through this module.
export { parameterRows, toHeader, toParameter, toResponse } from './endpointRows.js';
export { type DocumentImporter, documentOfForm, importDocumentFields, readImportForm } from './importForm.js';
export type { LoadedApi } from './loadDeployedApi.js';
export { type Place, removeResponse, writeParameters } from './operationEdits.js';
export { writeRecordFields } from './recordFields.js';
export { insertSchemas, loadDeclaredSchemas, loadSchemas, saveSchemaProperties } from './schemaStore.js';
export type { ApiMeta } from './store.js';
