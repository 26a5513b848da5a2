// spec §6 and DESIGN §5: who may call each control-plane route. One row per registered route;
// authorizationMatrix.test.ts fails when Fastify has a guarded /api route without a row here.
import { ROLE_ADMIN, ROLE_DEVELOPER, ROLE_VIEWER } from '@sandbox/contracts';
import { multipartBody } from '../catalog.js';
import { petstoreYaml } from '../petstore.js';
import type { Fixture, RequestBuilder } from './authorizationFixture.js';
import { anInvite } from './teamJourneys.js';

export interface Entry {
  /** Method and path template exactly as registered with Fastify. */
  route: string;
  /** The lowest role allowed; signed-in callers of any role when ROLE_VIEWER. */
  minRole: number;
  /** Names a resource of the team, so another team's member is answered 404; otherwise they act on their own team. */
  teamResource: boolean;
  request: RequestBuilder;
  /** What "allowed" answers when success is impossible for a reason the guard does not decide. */
  allowedStatus?: number;
}

const any = ROLE_VIEWER;
const dev = ROLE_DEVELOPER;
const admin = ROLE_ADMIN;
const json = (url: string, payload: unknown) => ({ url, payload: payload as object });
const pets = (f: Fixture) => f.shared.endpoint('GET', '/pets');
const owners = (f: Fixture) => f.shared.endpoint('GET', '/owners');
const apiOf = (f: Fixture) => f.shared.api.id;

export const TABLE: Entry[] = [
  // Account: one's own, whatever the role.
  {
    route: 'GET /api/v1/auth/me',
    minRole: any,
    teamResource: false,
    request: () => ({ url: '/api/v1/auth/me' }),
  },
  {
    route: 'POST /api/v1/auth/change-password',
    minRole: any,
    teamResource: false,
    request: (_f, c) =>
      json('/api/v1/auth/change-password', {
        username: c.username,
        oldPassword: c.password,
        newPassword: c.password,
      }),
  },
  // Someone else's id: the guard lets it through and the service refuses (deactivating would end the caller).
  {
    route: 'DELETE /api/v1/auth/unregister/:id',
    minRole: any,
    teamResource: false,
    allowedStatus: 400,
    request: () => ({ url: '/api/v1/auth/unregister/999999' }),
  },
  {
    route: 'POST /api/v1/auth/submit-query',
    minRole: any,
    teamResource: false,
    request: async () => ({ url: '/api/v1/auth/submit-query', ...(await multipartBody({ query: 'Hello' })) }),
  },
  // APIs.
  {
    route: 'GET /api/api-config-master',
    minRole: any,
    teamResource: false,
    request: () => ({ url: '/api/api-config-master' }),
  },
  {
    route: 'GET /api/api-config-master/deployed',
    minRole: any,
    teamResource: false,
    request: () => ({ url: '/api/api-config-master/deployed' }),
  },
  {
    route: 'POST /api/api-config-master',
    minRole: dev,
    teamResource: true,
    request: async (f) =>
      json('/api/api-config-master', {
        id: (await f.freshApi()).api.id,
        apiMasterName: 'Renamed',
        apiDescription: 'Renamed',
        apiVersion: '1.1',
      }),
  },
  {
    route: 'POST /api/api-config-master/swagger/upload',
    minRole: dev,
    teamResource: false,
    request: async () => ({
      url: '/api/api-config-master/swagger/upload',
      ...(await multipartBody(
        { apiName: 'Petstore', apiDescription: 'Pets', apiVersion: '1.0', isAuthRequired: 'false' },
        { name: 'petstore.yaml', content: petstoreYaml },
      )),
    }),
  },
  {
    // a dry run: the shared API stays as it is
    route: 'POST /api/api-config-master/:apiMasterId/swagger/upload',
    minRole: dev,
    teamResource: true,
    request: async (f) => ({
      url: `/api/api-config-master/${apiOf(f)}/swagger/upload?dryRun=true`,
      ...(await multipartBody({}, { name: 'petstore.yaml', content: petstoreYaml })),
    }),
  },
  {
    route: 'GET /api/api-config-master/:apiMasterId',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config-master/${apiOf(f)}` }),
  },
  {
    route: 'DELETE /api/api-config-master/:apiMasterId',
    minRole: dev,
    teamResource: true,
    request: async (f) => ({ url: `/api/api-config-master/${(await f.freshApi()).api.id}` }),
  },
  {
    route: 'GET /api/api-config-master/:apiMasterId/openapi',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config-master/${apiOf(f)}/openapi` }),
  },
  // The request log: read by the team (and the API's sandbox tokens), cleared by Developers and Admins.
  {
    route: 'GET /api/api-config-master/:apiMasterId/requests',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config-master/${apiOf(f)}/requests` }),
  },
  {
    route: 'DELETE /api/api-config-master/:apiMasterId/requests',
    minRole: dev,
    teamResource: true,
    request: async (f) => ({ url: `/api/api-config-master/${(await f.freshApi()).api.id}/requests` }),
  },
  {
    route: 'GET /api/api-config-master/:apiMasterId/requests/stream',
    minRole: any,
    teamResource: true,
    // answered once the stream opens; it stays open until the app closes
    request: (f) => ({ url: `/api/api-config-master/${apiOf(f)}/requests/stream`, payloadAsStream: true }),
  },
  {
    route: 'PUT /api/api-config-master/:apiMasterId/answer-seed',
    minRole: dev,
    teamResource: true,
    request: async (f) =>
      json(`/api/api-config-master/${(await f.freshApi()).api.id}/answer-seed`, { seed: 7 }),
  },
  {
    route: 'PUT /api/api-config-master/:apiMasterId/upstream',
    minRole: dev,
    teamResource: true,
    // a literal public address: checked by the outbound rules without a name to resolve
    request: async (f) =>
      json(`/api/api-config-master/${(await f.freshApi()).api.id}/upstream`, {
        upstreamUrl: 'http://8.8.8.8/v1',
      }),
  },
  {
    route: 'PUT /api/api-config/:apiMasterId/:endpointId/keep-mocked',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return json(`/api/api-config/${fresh.api.id}/${fresh.endpoint('GET', '/pets').id}/keep-mocked`, {
        keepMocked: true,
      });
    },
  },
  {
    route: 'GET /api/api-config-master/:apiMasterId/requests/junit',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config-master/${apiOf(f)}/requests/junit` }),
  },
  {
    route: 'GET /api/api-config-master/:apiMasterId/requests/violations',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config-master/${apiOf(f)}/requests/violations` }),
  },
  {
    route: 'PUT /api/api-config-master/:apiMasterId/behaviour',
    minRole: dev,
    teamResource: true,
    request: async (f) =>
      json(`/api/api-config-master/${(await f.freshApi()).api.id}/behaviour`, { delayMs: 10 }),
  },
  {
    route: 'DELETE /api/api-config-master/:apiMasterId/behaviour',
    minRole: dev,
    teamResource: true,
    request: async (f) => ({ url: `/api/api-config-master/${(await f.freshApi()).api.id}/behaviour` }),
  },
  {
    route: 'PUT /api/api-config/:apiMasterId/:endpointId/behaviour',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return json(`/api/api-config/${fresh.api.id}/${fresh.endpoint('GET', '/pets').id}/behaviour`, {
        failureRate: 10,
        failureStatus: 503,
      });
    },
  },
  {
    route: 'DELETE /api/api-config/:apiMasterId/:endpointId/behaviour',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return { url: `/api/api-config/${fresh.api.id}/${fresh.endpoint('GET', '/pets').id}/behaviour` };
    },
  },
  {
    route: 'GET /api/api-publish/:apiMasterId/publish',
    minRole: dev,
    teamResource: true,
    request: async (f) => ({ url: `/api/api-publish/${(await f.freshApi()).api.id}/publish` }),
  },
  {
    route: 'GET /api/api-config/:apiMasterId/httpStatusCode',
    minRole: any,
    teamResource: false,
    request: () => ({ url: '/api/api-config/undefined/httpStatusCode' }),
  },
  {
    route: 'GET /api/api-config/:apiMasterId/:endpointId',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config/${apiOf(f)}/${pets(f).id}` }),
  },
  {
    route: 'POST /api/parameter-config/:endpointId',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const e = (await f.freshApi()).endpoint('GET', '/pets');
      return json(`/api/parameter-config/${e.id}`, e.parameterConfigList);
    },
  },
  {
    route: 'PUT /api/api-config/:apiMasterId/:endpointId/headers',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      const e = fresh.endpoint('GET', '/pets');
      return json(`/api/api-config/${fresh.api.id}/${e.id}/headers`, e.headerConfigList);
    },
  },
  {
    route: 'PUT /api/api-config/:apiMasterId/schemas/:schemaName',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      const schema = fresh.endpoint('POST', '/pets').schemaMasterList.find((s) => s.schemaName === 'NewPet');
      return json(`/api/api-config/${fresh.api.id}/schemas/NewPet`, {
        configProperties: schema?.configProperties,
      });
    },
  },
  {
    route: 'POST /api/api-config/:apiMasterId/:endpointId/responses',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return json(`/api/api-config/${fresh.api.id}/${fresh.endpoint('GET', '/pets').id}/responses`, {
        statusCode: '500',
        description: 'Broken',
      });
    },
  },
  {
    route: 'POST /api/api-config/:responseId/update-response-code/:code',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const [response] = (await f.freshApi()).endpoint('GET', '/pets').responseConfigList;
      return json(`/api/api-config/${response.id}/update-response-code/${response.responseCode}`, {
        responseDescription: 'Changed',
      });
    },
  },
  // Designing an API: endpoints, request bodies, responses and named schemas added and removed.
  {
    route: 'POST /api/api-config/:apiMasterId/endpoints',
    minRole: dev,
    teamResource: true,
    request: async (f) =>
      json(`/api/api-config/${(await f.freshApi()).api.id}/endpoints`, {
        methodType: 'GET',
        apiEndPoint: '/toys',
      }),
  },
  {
    route: 'PUT /api/api-config/:apiMasterId/:endpointId',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return json(`/api/api-config/${fresh.api.id}/${fresh.endpoint('GET', '/pets').id}`, { apiTag: 'pets' });
    },
  },
  {
    route: 'DELETE /api/api-config/:apiMasterId/:endpointId',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return { url: `/api/api-config/${fresh.api.id}/${fresh.endpoint('GET', '/pets').id}` };
    },
  },
  {
    route: 'PUT /api/api-config/:apiMasterId/:endpointId/request-body',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return json(`/api/api-config/${fresh.api.id}/${fresh.endpoint('POST', '/pets').id}/request-body`, {
        schemaName: 'Pet',
      });
    },
  },
  {
    route: 'DELETE /api/api-config/:apiMasterId/:endpointId/responses/:responseId',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      const e = fresh.endpoint('GET', '/pets');
      return { url: `/api/api-config/${fresh.api.id}/${e.id}/responses/${e.responseConfigList[0].id}` };
    },
  },
  {
    route: 'POST /api/api-config/:apiMasterId/schemas',
    minRole: dev,
    teamResource: true,
    request: async (f) =>
      json(`/api/api-config/${(await f.freshApi()).api.id}/schemas`, {
        schemaName: 'Toy',
        configProperties: [],
      }),
  },
  {
    route: 'DELETE /api/api-config/:apiMasterId/schemas/:schemaName',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      const created = await f.app.server.inject({
        method: 'POST',
        url: `/api/api-config/${fresh.api.id}/schemas`,
        headers: f.callers.Admin.headers,
        payload: { schemaName: 'Toy', configProperties: [] },
      });
      if (created.statusCode !== 201) throw new Error(`schema not made: ${created.body}`);
      return { url: `/api/api-config/${fresh.api.id}/schemas/Toy` };
    },
  },
  {
    route: 'GET /api/api-config/:apiMasterId/map-params/:endpointId',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config/${apiOf(f)}/map-params/${pets(f).id}` }),
  },
  {
    route: 'GET /api/api-config/:apiMasterId/get-all-apis/:endpointId',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config/${apiOf(f)}/get-all-apis/${pets(f).id}` }),
  },
  {
    route: 'GET /api/api-config/:apiMasterId/automatic-links/:endpointId',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-config/${apiOf(f)}/automatic-links/${pets(f).id}` }),
  },
  {
    route: 'PUT /api/api-config/:apiMasterId/update-apis/:endpointId',
    minRole: dev,
    teamResource: true,
    request: async (f) => {
      const fresh = await f.freshApi();
      return json(`/api/api-config/${fresh.api.id}/update-apis/${fresh.endpoint('GET', '/pets').id}`, {
        getApiId: null,
      });
    },
  },
  // Test data (spec §6: a Viewer neither downloads nor uploads CSV).
  {
    route: 'GET /api/api-:target/:endpointId/test-sample-download',
    minRole: dev,
    teamResource: true,
    request: (f) => ({ url: `/api/api-response/${owners(f).id}/test-sample-download` }),
  },
  {
    route: 'GET /api/api-:target/:endpointId/test-data',
    minRole: any,
    teamResource: true,
    request: (f) => ({ url: `/api/api-response/${owners(f).id}/test-data` }),
  },
  {
    route: 'POST /api/api-:target/:endpointId/test-data-upload/',
    minRole: dev,
    teamResource: true,
    request: async (f) =>
      json(`/api/api-response/${(await f.freshApi()).endpoint('GET', '/owners').id}/test-data-upload/`, [
        { email: 'ann@example.com' },
      ]),
  },
  // Tokens.
  { route: 'GET /api/tokens', minRole: any, teamResource: false, request: () => ({ url: '/api/tokens' }) },
  {
    route: 'GET /api/generateToken/:apiMasterId',
    minRole: dev,
    teamResource: true,
    request: (f) => ({ url: `/api/generateToken/${apiOf(f)}` }),
  },
  {
    route: 'POST /api/tokens/:tokenId/regenerate',
    minRole: dev,
    teamResource: true,
    request: async (f) => ({ url: `/api/tokens/${await f.freshToken()}/regenerate` }),
  },
  {
    route: 'DELETE /api/deleteToken/:tokenId',
    minRole: dev,
    teamResource: true,
    request: async (f) => ({ url: `/api/deleteToken/${await f.freshToken()}` }),
  },
  // Team (spec §6: Developers do not manage the team).
  {
    route: 'POST /api/inviteTeamMember',
    minRole: admin,
    teamResource: false,
    request: () => json('/api/inviteTeamMember', anInvite()),
  },
  {
    route: 'GET /api/getTeamMembers/:parentId/:userId',
    minRole: any,
    teamResource: false,
    request: (_f, c) => ({ url: `/api/getTeamMembers/0/${c.userId}` }),
  },
  {
    route: 'PUT /api/team/:memberId/role',
    minRole: admin,
    teamResource: true,
    request: async (f) => json(`/api/team/${await f.freshMember()}/role`, { role: ROLE_VIEWER }),
  },
  {
    route: 'DELETE /api/team/:memberId',
    minRole: admin,
    teamResource: true,
    request: async (f) => ({ url: `/api/team/${await f.freshMember()}` }),
  },
  // API Lab and Copilot spend outside resources (spec §6: a Viewer cannot send or generate).
  {
    route: 'POST /api/send-request',
    minRole: dev,
    teamResource: true,
    request: (f) =>
      json('/api/send-request', {
        requestMethod: 'GET',
        requestUrl: `${f.shared.api.apiBaseUrl}/owners`,
        headers: [],
        requestBody: '',
        requestParams: [],
        apiMasterId: apiOf(f),
      }),
  },
  {
    route: 'POST /api/openai/generate-response',
    minRole: dev,
    teamResource: false,
    request: () =>
      json('/api/openai/generate-response', {
        projectName: 'Shop',
        description: 'A shop',
        endpoints: [{ method: 'GET', url: '/items', description: 'Items' }],
      }),
  },
  {
    route: 'GET /api/api-request/:requestFlag/generateDataUsingCopilot/:endpointId/:responseFlag',
    minRole: dev,
    teamResource: true,
    request: (f) => ({
      url: `/api/api-request/0/generateDataUsingCopilot/${f.shared.endpoint('POST', '/pets').id}/0`,
    }),
  },
];

/**
 * Open without a session: signing up and in, verification, password recovery, set password, health,
 * and the API's own description (its OpenAPI document and the reference page, with its assets).
 */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/authenticate',
  'POST /api/v1/auth/verification/:token',
  'POST /api/v1/auth/verification/:token/:isTeamMember/:userId',
  'GET /api/v1/auth/resendVerificationLink/:email',
  'GET /api/v1/auth/forgetPassword/:email',
  'PUT /api/v1/auth/reset-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/setPassword/:id',
];
