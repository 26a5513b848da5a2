// The people and resources the authorization matrix calls with: one team (owner, Viewer, Developer,
// Admin), the owner of another team, and nobody. Resources a call changes are made fresh for each call.
import {
  type ApiMaster,
  type EndpointDetail,
  ROLE_ADMIN,
  ROLE_DEVELOPER,
  ROLE_VIEWER,
} from '@sandbox/contracts';
import type { InjectOptions } from 'fastify';
import { signUpAndVerify } from '../accounts.js';
import { importApi } from '../catalog.js';
import { petstoreYaml } from '../petstore.js';
import type { TestApp } from '../testApp.js';
import { invitePending, joinTeam } from './teamJourneys.js';

export const CALLERS = ['Viewer', 'Developer', 'Admin', 'another team', 'no session'] as const;
export type CallerName = (typeof CALLERS)[number];

export interface Caller {
  name: CallerName;
  roleId: number | null;
  headers: Record<string, string>;
  userId: number;
  username: string;
  password: string;
}

/** One imported Petstore API of the team and its endpoints' details. */
export interface TeamApi {
  api: ApiMaster;
  endpoint(method: string, path: string): EndpointDetail;
}

export interface Fixture {
  app: TestApp;
  callers: Record<CallerName, Caller>;
  /** Deployed; only read or sent to, never changed. */
  shared: TeamApi;
  freshApi(): Promise<TeamApi>;
  freshToken(): Promise<number>;
  freshMember(): Promise<number>;
}

export type RequestBuilder = (f: Fixture, caller: Caller) => Promise<InjectOptions> | InjectOptions;

export async function buildFixture(app: TestApp): Promise<Fixture> {
  const owner = await signUpAndVerify(app);
  const ownerHeaders = owner.auth;
  const call = async <T>(options: InjectOptions): Promise<T> => {
    const res = await app.server.inject({ ...options, headers: { ...ownerHeaders, ...options.headers } });
    if (res.statusCode >= 300) throw new Error(`${options.method ?? 'GET'} ${options.url}: ${res.body}`);
    return res.json() as T;
  };

  async function freshApi(): Promise<TeamApi> {
    const imported = await importApi(app, ownerHeaders, petstoreYaml);
    if (imported.statusCode !== 201) throw new Error(`import failed: ${imported.body}`);
    const api: ApiMaster = imported.json();
    const details = await Promise.all(
      api.apiConfigList.map((e) => call<EndpointDetail>({ url: `/api/api-config/${api.id}/${e.id}` })),
    );
    return {
      api,
      endpoint(method, path) {
        const found = details.find((d) => d.methodType === method && d.apiEndPoint === path);
        if (!found) throw new Error(`no ${method} ${path}`);
        return found;
      },
    };
  }

  const shared = await freshApi();
  shared.api = await call<ApiMaster>({ url: `/api/api-publish/${shared.api.id}/publish` });

  const member = async (name: CallerName, roleId: number): Promise<Caller> => {
    const joined = await joinTeam(app, ownerHeaders, roleId);
    return {
      name,
      roleId,
      headers: joined.auth,
      userId: joined.id,
      username: joined.username,
      password: joined.password,
    };
  };
  const stranger = await signUpAndVerify(app);
  const callers: Record<CallerName, Caller> = {
    Viewer: await member('Viewer', ROLE_VIEWER),
    Developer: await member('Developer', ROLE_DEVELOPER),
    Admin: await member('Admin', ROLE_ADMIN),
    'another team': {
      name: 'another team',
      roleId: ROLE_ADMIN,
      headers: stranger.auth,
      userId: stranger.user.id,
      username: stranger.registration.username,
      password: stranger.registration.password,
    },
    'no session': { name: 'no session', roleId: null, headers: {}, userId: 0, username: '', password: '' },
  };

  return {
    app,
    callers,
    shared,
    freshApi,
    async freshToken() {
      return (await call<{ id: number }>({ url: `/api/generateToken/${shared.api.id}` })).id;
    },
    async freshMember() {
      return (await invitePending(app, ownerHeaders)).id;
    },
  };
}
