// The design calls: an API's endpoints, request bodies, responses and named schemas added, changed
// and removed in the product. Each change reloads what the screens show.
import {
  apisPaths,
  type DesignResponseCreate,
  type DesignSchemaSave,
  designPaths,
  type EndpointCreate,
  type EndpointDetail,
  type EndpointUpdate,
  type MessageResponse,
  messages,
  type RequestBodySave,
  type ResponseConfig,
  type SchemaCreate,
  type SchemaMaster,
} from '@sandbox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';
import { apiKeys } from './api';

/**
 * What a refused design change says (a clashing path, a duplicate parameter, a schema cycle): the
 * server's own message, which names what to change; a failure of the server itself stays generic.
 */
export function designFailureMessage(error: unknown): string {
  if (!isHttpError(error) || error.status >= 500 || error.status === 403) return messages.somethingWrong;
  return error.message;
}

function useInvalidateApis() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKeys.all });
}

export function useCreateEndpoint(apiMasterId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: EndpointCreate) =>
      http<EndpointDetail>(designPaths.endpoints(apiMasterId), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateEndpoint(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: EndpointUpdate) =>
      http<EndpointDetail>(designPaths.endpoint(apiMasterId, endpointId), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteEndpoint(apiMasterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) =>
      http<MessageResponse>(designPaths.endpoint(apiMasterId, endpointId), { method: 'DELETE' }),
    // everything but the removed endpoint itself, which would only be fetched again to fail
    onSuccess: (_answer, endpointId) => {
      const removed = apiKeys.endpoint(apiMasterId, String(endpointId));
      return queryClient.invalidateQueries({
        queryKey: apiKeys.all,
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(removed),
      });
    },
  });
}

export function useSaveRequestBody(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: RequestBodySave) =>
      http<EndpointDetail>(designPaths.requestBody(apiMasterId, endpointId), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** Add Response with the named schema its body is. */
export function useCreateDesignedResponse(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: DesignResponseCreate) =>
      http<ResponseConfig>(apisPaths.createResponse(apiMasterId, endpointId), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** Chooses the named schema a response's body is (null: no body). */
export function useSaveResponseSchema() {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: ({ response, schemaName }: { response: ResponseConfig; schemaName: string | null }) =>
      http<ResponseConfig>(apisPaths.updateResponseCode(response.id ?? 0, response.responseCode), {
        method: 'POST',
        body: { responseSchemaName: schemaName },
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteResponse(apiMasterId: string, endpointId: string) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (responseId: number) =>
      http<MessageResponse>(designPaths.response(apiMasterId, endpointId, responseId), {
        method: 'DELETE',
      }),
    onSuccess: invalidate,
  });
}

export function useCreateSchema(apiMasterId: string | number) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (body: SchemaCreate) =>
      http<SchemaMaster>(designPaths.schemas(apiMasterId), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** Saves a named schema whole: its properties, its own fields and, for a designed one, its name. */
export function useSaveDesignedSchema(apiMasterId: string | number) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: ({ schemaName, body }: { schemaName: string; body: DesignSchemaSave }) =>
      http<SchemaMaster>(designPaths.schema(apiMasterId, schemaName), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSchema(apiMasterId: string | number) {
  const invalidate = useInvalidateApis();
  return useMutation({
    mutationFn: (schemaName: string) =>
      http<MessageResponse>(designPaths.schema(apiMasterId, schemaName), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
