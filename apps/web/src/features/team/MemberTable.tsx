import { Avatar, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { DATE_FORMAT, type TeamMember, teamMessages } from '@sandbox/contracts';
import dayjs from 'dayjs';
import { DataTable } from '../../components/DataTable';
import { type MemberAction, MemberActionsMenu } from './MemberActionsMenu';

const COLUMNS = ['Member', 'Role', 'Status', 'Joined'] as const;

export interface MemberTableProps {
  members: TeamMember[];
  /** Admins get a row action for every member but the owner and themselves. */
  canManage: boolean;
  onAction: (member: TeamMember, action: MemberAction) => void;
}

export function MemberTable({ members, canManage, onAction }: MemberTableProps) {
  return (
    <DataTable
      label="Team members"
      columns={COLUMNS}
      actionsColumn={canManage}
      rows={members}
      emptyText={teamMessages.noMembers}
      renderRow={(member) => (
        <TableRow key={member.id} hover data-member-id={member.id}>
          <TableCell>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Avatar sx={{ width: 32, height: 32 }}>{member.username.charAt(0).toUpperCase()}</Avatar>
              <div>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 500 }}>{member.username}</Typography>
                  {member.isYou && <Chip label="You" size="small" color="primary" />}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {member.email}
                </Typography>
              </div>
            </Stack>
          </TableCell>
          <TableCell>{member.roleName}</TableCell>
          <TableCell>
            {/* spec §2: the column reads Active or Inactive; a pending invitation is not active yet. */}
            <Chip
              label={member.isActive ? 'Active' : 'Inactive'}
              size="small"
              color={member.isActive ? 'success' : 'default'}
              variant="outlined"
            />
            {member.status === 'Pending' && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                Invitation pending
              </Typography>
            )}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(member.joined).format(DATE_FORMAT)}</TableCell>
          {canManage && (
            <TableCell>
              {!member.isYou && !member.isOwner && <MemberActionsMenu member={member} onChoose={onAction} />}
            </TableCell>
          )}
        </TableRow>
      )}
    />
  );
}
