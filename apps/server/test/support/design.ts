import type { ApiMaster, EndpointDetail } from '@sandbox/contracts';
import type { InjectOptions } from 'fastify';
import type { TestApp } from './testApp.js';

// Designing an API through the control plane, as the web app's design screens do.

type Method = NonNullable<InjectOptions['method']>;

/** A caller of the control plane that fails the test on an unexpected status. */
export function designer(app: Pick<TestApp, 'server'>, auth: { authorization: string }) {
  const send = (method: Method, url: string, payload?: unknown) =>
    app.server.inject({
      method,
      url,
      headers: auth,
      ...(payload !== undefined && { payload: payload as object }),
    });
  const expectStatus = async (
    status: number,
    method: Method,
    url: string,
    payload?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the call answered
  ): Promise<any> => {
    const res = await send(method, url, payload);
    if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.body ? res.json() : undefined;
  };
  return {
    send,
    expectStatus,
    async emptyApi(name = 'Pet shop'): Promise<ApiMaster> {
      return expectStatus(201, 'POST', '/api/api-config-master', {
        apiMasterName: name,
        apiDescription: 'Designed in the product',
        apiVersion: '1.0',
        isAuthRequired: false,
      });
    },
    addEndpoint(apiMasterId: number, methodType: string, apiEndPoint: string): Promise<EndpointDetail> {
      return expectStatus(201, 'POST', `/api/api-config/${apiMasterId}/endpoints`, {
        methodType,
        apiEndPoint,
      });
    },
    endpoint(apiMasterId: number, endpointId: number): Promise<EndpointDetail> {
      return expectStatus(200, 'GET', `/api/api-config/${apiMasterId}/${endpointId}`);
    },
    addResponse(
      apiMasterId: number,
      endpointId: number,
      statusCode: string,
      description: string,
      responseSchemaName?: string,
    ) {
      return expectStatus(201, 'POST', `/api/api-config/${apiMasterId}/${endpointId}/responses`, {
        statusCode,
        description,
        ...(responseSchemaName && { responseSchemaName }),
      });
    },
  };
}

/** Calls the deployed API's sandbox in process, as API Lab does. */
export function sandboxOf(app: TestApp, api: ApiMaster) {
  const base = new URL(api.apiBaseUrl as string).pathname;
  return (method: Method, path: string, body?: unknown) =>
    app.server.inject({
      method,
      url: `${base}${path}`,
      ...(body !== undefined && { payload: body as object, headers: { 'content-type': 'application/json' } }),
    });
}
