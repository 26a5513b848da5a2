// The Team Members screen's calls (spec §7) and what each outcome shows (spec §8 Team invite).
import {
  type InviteRequest,
  type MessageResponse,
  type TeamMember,
  teamMessages,
  teamPaths,
} from '@sandbox/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';

export const teamKeys = {
  all: ['team'] as const,
  members: (parentId: string, userId: string) => [...teamKeys.all, parentId, userId] as const,
};

export const useTeamMembers = (parentId: string, userId: string) =>
  useQuery({
    queryKey: teamKeys.members(parentId, userId),
    queryFn: () => http<TeamMember[]>(teamPaths.members(parentId, userId)),
  });

/** spec §8: the server's message on success; none at all is worth saying. */
export function inviteSuccessMessage(response: Partial<MessageResponse> | undefined): {
  ok: boolean;
  text: string;
} {
  return response?.message
    ? { ok: true, text: response.message }
    : { ok: false, text: teamMessages.noMessage };
}

/** spec §8: an error response shows what the server said, anything else the generic message. */
export function inviteFailureMessage(error: unknown): string {
  return isHttpError(error) && error.message ? error.message : teamMessages.failed;
}

function useReloadTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

export function useInviteMember() {
  const reload = useReloadTeam();
  return useMutation({
    mutationFn: (body: InviteRequest) => http<MessageResponse>(teamPaths.invite, { method: 'POST', body }),
    onSuccess: reload,
  });
}

export function useChangeRole() {
  const reload = useReloadTeam();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: number; role: number }) =>
      http<MessageResponse>(teamPaths.role(memberId), { method: 'PUT', body: { role } }),
    onSettled: reload,
  });
}

export function useDeactivateMember() {
  const reload = useReloadTeam();
  return useMutation({
    mutationFn: (memberId: number) =>
      http<MessageResponse>(teamPaths.deactivate(memberId), { method: 'DELETE' }),
    onSettled: reload,
  });
}
