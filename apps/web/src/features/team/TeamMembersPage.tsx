import { Backdrop, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { ROLE_ADMIN, ROLE_NAMES, type TeamMember, teamMessages } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CountCard } from '../../components/CountCard';
import { getSessionRoleId } from '../../lib/session';
import { getSessionUser } from '../../lib/sessionUser';
import { useChangeRole, useDeactivateMember, useTeamMembers } from './api';
import { InviteMemberDialog } from './InviteMemberDialog';
import type { MemberAction } from './MemberActionsMenu';
import { MemberTable } from './MemberTable';
import { teamCounts } from './teamCounts';

type Confirming = { member: TeamMember; action: MemberAction } | null;

const failureOf = (error: unknown) => (error instanceof Error && error.message) || teamMessages.failed;

// spec §2 Team Members.
export function TeamMembersPage() {
  const user = getSessionUser();
  const roleId = getSessionRoleId();
  const members = useTeamMembers(String(user?.parentUserId ?? user?.id ?? 0), String(user?.id ?? 0));
  const changeRole = useChangeRole();
  const deactivate = useDeactivateMember();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const list = members.data ?? [];
  const counts = teamCounts(list);
  const parentUserName = list[0]?.parentUserName ?? user?.parentUserName ?? '';
  const busy = members.isFetching || changeRole.isPending || deactivate.isPending;

  const onConfirm = () => {
    if (!confirming) return;
    const { member, action } = confirming;
    setConfirming(null);
    const handlers = {
      onSuccess: (response: { message: string }) => toast.success(response.message),
      onError: (error: unknown) => toast.error(failureOf(error)),
    };
    if (action.kind === 'role') changeRole.mutate({ memberId: member.id, role: action.role }, handlers);
    else deactivate.mutate(member.id, handlers);
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <Stack spacing={3}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              Team Members
            </Typography>
            <Typography color="text.secondary">Manage members of {parentUserName}</Typography>
          </div>
          {/* spec §6: only an Admin invites (the server refuses anyone else) */}
          {roleId === String(ROLE_ADMIN) && (
            <Button variant="contained" onClick={() => setInviting(true)}>
              + Invite Member
            </Button>
          )}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <CountCard label="Active Members" count={counts.active} />
          <CountCard label="Admins" count={counts.admins} />
          <CountCard label="Developers" count={counts.developers} />
          <CountCard label="Pending Invites" count={counts.pending} />
        </Stack>
        <MemberTable
          members={list}
          canManage={roleId === String(ROLE_ADMIN)}
          onAction={(member, action) => setConfirming({ member, action })}
        />
      </Stack>
      <Backdrop open={busy} sx={{ position: 'absolute', zIndex: 1, bgcolor: 'rgba(255, 255, 255, 0.6)' }}>
        <CircularProgress aria-label="Loading members" />
      </Backdrop>
      <InviteMemberDialog open={inviting} teamName={parentUserName} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action.kind === 'deactivate' ? 'Deactivate member' : 'Change role'}
        subtitle={
          confirming?.action.kind === 'role'
            ? `Make ${confirming.member.username} a ${ROLE_NAMES[confirming.action.role]}?`
            : `${confirming?.member.username} will no longer be able to sign in.`
        }
        submitText={confirming?.action.kind === 'deactivate' ? 'Deactivate' : 'Change role'}
        onCancel={() => setConfirming(null)}
        onSubmit={onConfirm}
      />
    </Box>
  );
}
