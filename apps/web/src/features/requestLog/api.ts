// The request log's calls (GET and DELETE of an API's requests, its count of violations) and the
// messages of their outcomes.
import {
  type ApiMaster,
  apisPaths,
  type RequestLogPage,
  type RequestLogViolations,
  requestLogPaths,
  type ViolationBucketSize,
} from '@sandbox/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { filtersToSearch, type RequestFilters } from './requestFilters';

export const requestLogMessages = {
  cleared: 'Request log cleared.',
  clearFailed: 'The request log could not be cleared.',
  loadFailed: 'The request log could not be loaded.',
  violationsFailed: 'The violations could not be counted.',
  curlCopied: 'cURL command copied.',
  copyFailed: 'The command could not be copied.',
} as const;

/** Calls asked for per page. */
export const REQUEST_LOG_PAGE_SIZE = 50;

export const requestLogKeys = {
  all: (apiMasterId: string) => ['request-log', apiMasterId] as const,
  list: (apiMasterId: string, filters: RequestFilters) =>
    [...requestLogKeys.all(apiMasterId), filtersToSearch(filters).toString()] as const,
  violations: (apiMasterId: string, span: ViolationSpan) =>
    [...requestLogKeys.all(apiMasterId), 'violations', span.value] as const,
};

/** The spans the Violations per operation table counts over, back from now, and their bars. */
export const VIOLATION_SPANS = [
  { value: 'day', label: '24 hours', ms: 24 * 3_600_000, bucket: 'hour' },
  { value: 'week', label: '7 days', ms: 7 * 24 * 3_600_000, bucket: 'day' },
] as const satisfies readonly { value: string; label: string; ms: number; bucket: ViolationBucketSize }[];
export type ViolationSpan = (typeof VIOLATION_SPANS)[number];

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

/** Forwarded calls and their violations per operation over `span` back from now, counted by the server. */
export const useViolationTrend = (apiMasterId: string, span: ViolationSpan) =>
  useQuery({
    queryKey: requestLogKeys.violations(apiMasterId, span),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        from: new Date(Date.now() - span.ms).toISOString(),
        bucket: span.bucket,
      });
      return http<RequestLogViolations>(`${requestLogPaths.violations(apiMasterId)}?${search}`, { signal });
    },
  });

export function useClearRequestLog(apiMasterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http<unknown>(requestLogPaths.list(apiMasterId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestLogKeys.all(apiMasterId) }),
  });
}
