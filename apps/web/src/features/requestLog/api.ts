// The request log's calls (GET and DELETE of an API's requests) and the messages of their outcomes.
import { type ApiMaster, apisPaths, type RequestLogPage, requestLogPaths } from '@sandbox/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { filtersToSearch, type RequestFilters } from './requestFilters';

export const requestLogMessages = {
  cleared: 'Request log cleared.',
  clearFailed: 'The request log could not be cleared.',
  loadFailed: 'The request log could not be loaded.',
  curlCopied: 'cURL command copied.',
  copyFailed: 'The command could not be copied.',
} as const;

/** Calls asked for per page. */
export const REQUEST_LOG_PAGE_SIZE = 50;

export const requestLogKeys = {
  all: (apiMasterId: string) => ['request-log', apiMasterId] as const,
  list: (apiMasterId: string, filters: RequestFilters) =>
    [...requestLogKeys.all(apiMasterId), filtersToSearch(filters).toString()] as const,
};

/** The team's APIs; the same cache entry as the dashboard's list. */
export const useTeamApis = () =>
  useQuery({ queryKey: ['apis', 'list'], queryFn: () => http<ApiMaster[]>(apisPaths.list) });

/** The API's calls matching `filters`, newest first, one page more at each fetchNextPage(). */
export const useRequestLog = (apiMasterId: string, filters: RequestFilters) =>
  useInfiniteQuery({
    queryKey: requestLogKeys.list(apiMasterId, filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const search = filtersToSearch(filters);
      search.set('limit', String(REQUEST_LOG_PAGE_SIZE));
      if (pageParam !== null) search.set('before', String(pageParam));
      return http<RequestLogPage>(`${requestLogPaths.list(apiMasterId)}?${search}`, { signal });
    },
    getNextPageParam: (page) => page.nextBefore,
  });

export function useClearRequestLog(apiMasterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http<unknown>(requestLogPaths.list(apiMasterId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestLogKeys.all(apiMasterId) }),
  });
}
