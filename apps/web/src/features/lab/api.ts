// The calls of the API Lab (spec §7): the API list, one endpoint's configuration, tokens and send.
import {
  type ApiMaster,
  apisPaths,
  type EndpointDetail,
  type LabResponse,
  type LabSendRequest,
  labPaths,
  type TokenRecord,
  tokensPaths,
} from '@sandbox/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

// The same keys as the dashboard's, so the Lab and the dashboard share one cache and one reload.
const apiListKey = ['apis', 'list'] as const;
const tokenListKey = ['tokens', 'list'] as const;
const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const useLabApis = () =>
  useQuery({ queryKey: apiListKey, queryFn: () => http<ApiMaster[]>(apisPaths.list) });

export const useLabEndpoint = (apiMasterId: number | null, endpointId: number | null) =>
  useQuery({
    queryKey: ['apis', String(apiMasterId), 'endpoint', String(endpointId)],
    queryFn: () => http<EndpointDetail>(apisPaths.endpoint(apiMasterId as number, endpointId as number)),
    enabled: apiMasterId !== null && endpointId !== null,
  });

export const useLabTokens = () =>
  useQuery({ queryKey: tokenListKey, queryFn: () => http<TokenRecord[]>(tokensPaths.list) });

export function useSendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LabSendRequest) =>
      http<LabResponse>(labPaths.send, { method: 'POST', body: request }),
    onSuccess: (_answer, request) => {
      // spec §4: a request that may have changed data reloads the API list.
      if (CHANGING_METHODS.has(request.requestMethod))
        void queryClient.invalidateQueries({ queryKey: apiListKey });
    },
  });
}

export function useGenerateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiMasterId: number) => http<TokenRecord>(tokensPaths.generate(apiMasterId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenListKey }),
  });
}
