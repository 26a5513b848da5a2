// The API catalog calls of spec §7 and the spec §8 message each failure shows.
import {
  type AnswerSeed,
  type ApiMaster,
  type ApiMasterDetail,
  type ApiMasterSave,
  type AutomaticLinks,
  apisPaths,
  type Behaviour,
  type EndpointDetail,
  type EndpointLinks,
  type HeaderRow,
  type ImportAnswer,
  type MappingOptions,
  type MessageResponse,
  messages,
  type ParameterRow,
  type ResponseConfig,
  type ResponseCreate,
  requestLogPaths,
  type SchemaMaster,
  type SchemaSave,
  type UpstreamUrlInput,
  upstreamPaths,
} from '@sandbox/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';
import { saveJsonFile } from './saveJsonFile';

export const apiKeys = {
  all: ['apis'] as const,
  list: () => [...apiKeys.all, 'list'] as const,
  detail: (apiMasterId: string) => [...apiKeys.all, apiMasterId, 'detail'] as const,
  endpoint: (apiMasterId: string, endpointId: string) =>
    [...apiKeys.all, apiMasterId, 'endpoint', endpointId] as const,
  mapParams: (apiMasterId: string, endpointId: string) =>
    [...apiKeys.all, apiMasterId, 'map-params', endpointId] as const,
  mappingOptions: (apiMasterId: string, endpointId: string) =>
    [...apiKeys.all, apiMasterId, 'all-apis', endpointId] as const,
  automaticLinks: (apiMasterId: string, endpointId: string) =>
    [...apiKeys.all, apiMasterId, 'automatic-links', endpointId] as const,
  statusCodes: () => [...apiKeys.all, 'status-codes'] as const,
};

/** spec §8: creation, upload and mapping failures show the server's detail when it gives one. */
export function failureMessage(error: unknown): string {
  return isHttpError(error) && error.detail ? error.detail : messages.somethingWrong;
}

/**
 * An import refused by the server says why and where (`The file is not valid YAML: ...` at `line 9,
 * column 1`): both are shown, since the place alone cannot be acted on.
 */
export function importFailureMessage(error: unknown): string {
  if (!isHttpError(error) || error.status >= 500) return messages.somethingWrong;
  return error.detail ? `${error.message} (${error.detail})` : error.message;
}

export const useApiList = () =>
  useQuery({ queryKey: apiKeys.list(), queryFn: () => http<ApiMaster[]>(apisPaths.list) });

/** One API with its schemas and what its import could not honour. */
export const useApiDetail = (apiMasterId: string) =>
  useQuery({
    queryKey: apiKeys.detail(apiMasterId),
    queryFn: () => http<ApiMasterDetail>(apisPaths.one(apiMasterId)),
  });

export const useEndpoint = (apiMasterId: string, endpointId: string) =>
  useQuery({
    queryKey: apiKeys.endpoint(apiMasterId, endpointId),
    queryFn: () => http<EndpointDetail>(apisPaths.endpoint(apiMasterId, endpointId)),
  });

export const useMapParams = (apiMasterId: string, endpointId: string) =>
  useQuery({
    queryKey: apiKeys.mapParams(apiMasterId, endpointId),
    queryFn: () => http<Record<string, number>>(apisPaths.mapParams(apiMasterId, endpointId)),
  });

export const useMappingOptions = (apiMasterId: string, endpointId: string) =>
  useQuery({
    queryKey: apiKeys.mappingOptions(apiMasterId, endpointId),
    queryFn: () => http<MappingOptions>(apisPaths.allApis(apiMasterId, endpointId)),
  });

export const useAutomaticLinks = (apiMasterId: string, endpointId: string) =>
  useQuery({
    queryKey: apiKeys.automaticLinks(apiMasterId, endpointId),
    queryFn: () => http<AutomaticLinks>(apisPaths.automaticLinks(apiMasterId, endpointId)),
  });

export const useHttpStatusCodes = () =>
  useQuery({
    queryKey: apiKeys.statusCodes(),
    queryFn: () => http<Record<string, string>>(apisPaths.httpStatusCodes),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every mutation changes what the list and the open endpoint show. */
function useInvalidateApis() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKeys.all });
}

export function useImportApi() {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (form: FormData) => http<ImportAnswer>(apisPaths.upload, { method: 'POST', body: form }),
    onSuccess: invalidate,
  });
}

/**
 * spec §7 `POST /api/api-config-master`: without `id`, an API with no document and no endpoints yet;
 * with it, the API's name, description, version and Is Auth Required changed.
 */
export function useSaveApi() {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: ApiMasterSave) => http<ApiMaster>(apisPaths.save, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteApi() {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (apiMasterId: number) =>
      http<MessageResponse>(apisPaths.remove(apiMasterId), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useDeployApi() {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (apiMasterId: number) => http<unknown>(apisPaths.publish(apiMasterId)),
    onSuccess: invalidate,
  });
}

export function useSaveParameters(endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (rows: ParameterRow[]) =>
      http<MessageResponse>(apisPaths.parameters(endpointId), { method: 'POST', body: rows }),
    onSuccess: invalidate,
  });
}

export function useSaveHeaders(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (rows: HeaderRow[]) =>
      http<MessageResponse>(apisPaths.headers(apiMasterId, endpointId), { method: 'PUT', body: rows }),
    onSuccess: invalidate,
  });
}

export function useSaveSchema(apiMasterId: string | number) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: ({ schemaName, body }: { schemaName: string; body: SchemaSave }) =>
      http<SchemaMaster>(apisPaths.schema(apiMasterId, schemaName), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useCreateResponse(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: ResponseCreate) =>
      http<ResponseConfig>(apisPaths.createResponse(apiMasterId, endpointId), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateResponse() {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: ({
      id,
      code,
      responseDescription,
    }: {
      id: number;
      code: string;
      responseDescription: string;
    }) =>
      http<ResponseConfig>(apisPaths.updateResponseCode(id, code), {
        method: 'POST',
        body: { responseDescription },
      }),
    onSuccess: invalidate,
  });
}

export function useSaveMapping(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (links: EndpointLinks) =>
      http<MessageResponse>(apisPaths.updateApis(apiMasterId, endpointId), { method: 'PUT', body: links }),
    onSuccess: invalidate,
  });
}

/** Sets the seed the API's sandbox generates its answers from; null answers randomly again. */
export function useSaveAnswerSeed(apiMasterId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: AnswerSeed) =>
      http<MessageResponse>(apisPaths.answerSeed(apiMasterId), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** Sets the backend the API's sandbox forwards to and checks (the hosted proxy); null mocks again. */
export function useSaveUpstreamUrl(apiMasterId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: UpstreamUrlInput) =>
      http<MessageResponse>(upstreamPaths.upstreamUrl(apiMasterId), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** Whether the sandbox answers an endpoint itself though the API has an Upstream URL. */
export function useSaveKeepMocked(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (keepMocked: boolean) =>
      http<MessageResponse>(upstreamPaths.keepMocked(apiMasterId, endpointId), {
        method: 'PUT',
        body: { keepMocked },
      }),
    onSuccess: invalidate,
  });
}

/** Saves the API as an OpenAPI 3.1 document named after it. */
export async function downloadOpenApi(api: { id: number; apiMasterName: string }): Promise<void> {
  const document = await http<unknown>(apisPaths.openapi(api.id));
  saveJsonFile(`${api.apiMasterName}-openapi.json`, document);
}

/**
 * Sets or removes a traffic simulation (delays, failures): an endpoint's own, or with no endpoint the
 * API's default for endpoints without one. null removes it.
 */
export function useSaveBehaviour(apiMasterId: string, endpointId?: string) {
  const invalidate = useInvalidateApis();
  const path =
    endpointId === undefined
      ? requestLogPaths.apiBehaviour(apiMasterId)
      : requestLogPaths.endpointBehaviour(apiMasterId, endpointId);
  return useMutation({
    mutationFn: (body: Behaviour | null) =>
      http<MessageResponse>(path, body === null ? { method: 'DELETE' } : { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}
