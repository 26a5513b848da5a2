import type { ApiMaster, LoggedRequest } from '@sandbox/contracts';
import type { LabSeed } from '../lab/labSeed';
import { callUrl, replayableHeaders } from './replayCall';

/** What the Lab starts from to make `call` again: its method, URL, query rows, headers and body. */
export function labSeedOfCall(call: LoggedRequest, api: Pick<ApiMaster, 'id' | 'apiBaseUrl'>): LabSeed {
  return {
    apiMasterId: api.id,
    endpointId: call.endpointId,
    method: call.method.toUpperCase(),
    url: callUrl({ path: call.path, query: '' }, api.apiBaseUrl ?? ''),
    query: [...new URLSearchParams(call.query).entries()],
    headers: replayableHeaders(call),
    body: call.requestBody ?? '',
  };
}
