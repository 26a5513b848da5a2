import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { ROLE_NAMES, type TeamMember } from '@sandbox/contracts';
import { useState } from 'react';

export type MemberAction = { kind: 'role'; role: number } | { kind: 'deactivate' };

export interface MemberActionsMenuProps {
  member: TeamMember;
  onChoose: (member: TeamMember, action: MemberAction) => void;
}

/** An Admin's actions on another member: a new role, or deactivation. */
export function MemberActionsMenu({ member, onChoose }: MemberActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: MemberAction) => {
    setAnchor(null);
    onChoose(member, action);
  };
  return (
    <>
      <IconButton aria-label="Member actions" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {[1, 2, 3]
          .filter((role) => role !== member.roleId)
          .map((role) => (
            <MenuItem key={role} onClick={() => choose({ kind: 'role', role })}>
              Change role to {ROLE_NAMES[role]}
            </MenuItem>
          ))}
        {member.status !== 'Inactive' && (
          <MenuItem onClick={() => choose({ kind: 'deactivate' })} sx={{ color: 'error.main' }}>
            Deactivate
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
