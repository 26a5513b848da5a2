// The Token Manager's calls (spec §7 Tokens) and the spec §8 messages of their outcomes.
import {
  type ApiMaster,
  apisPaths,
  type MessageResponse,
  type TokenRecord,
  tokensPaths,
} from '@sandbox/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const tokenKeys = { all: ['tokens'] as const };

/** Ours: the spec has no message for copying a token. */
export const TOKEN_COPIED = 'Token copied successfully.';

export const useTokens = () =>
  useQuery({ queryKey: tokenKeys.all, queryFn: () => http<TokenRecord[]>(tokensPaths.list) });

/** The team's APIs to generate a token for; the same cache entry as the dashboard's list. */
export const useTeamApis = () =>
  useQuery({ queryKey: ['apis', 'list'], queryFn: () => http<ApiMaster[]>(apisPaths.list) });

/** spec §4: a token change reloads the token list. */
function useReloadTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all });
}

export function useGenerateToken() {
  const reload = useReloadTokens();
  return useMutation({
    mutationFn: (apiMasterId: number) => http<TokenRecord>(tokensPaths.generate(apiMasterId)),
    onSettled: reload,
  });
}

export function useRegenerateToken() {
  const reload = useReloadTokens();
  return useMutation({
    mutationFn: (tokenId: number) => http<TokenRecord>(tokensPaths.regenerate(tokenId), { method: 'POST' }),
    onSettled: reload,
  });
}

export function useDeleteToken() {
  const reload = useReloadTokens();
  return useMutation({
    mutationFn: (tokenId: number) => http<MessageResponse>(tokensPaths.remove(tokenId), { method: 'DELETE' }),
    onSettled: reload,
  });
}
