import { type TeamMember, teamMessages } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { inviteFailureMessage, inviteSuccessMessage } from './api';
import { teamCounts } from './teamCounts';

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  roleId: 2,
  roleName: 'Developer',
  isActive: true,
  status: 'Active',
  joined: '2024-01-01T00:00:00.000Z',
  isYou: false,
  isOwner: false,
  parentUserName: 'owner',
  ...overrides,
});

describe('the team counters', () => {
  it('count active members, admins, developers and pending invitations', () => {
    const counts = teamCounts([
      member({ roleName: 'Admin', roleId: 3 }),
      member({ roleName: 'Developer' }),
      member({ roleName: 'Developer', isActive: false, status: 'Pending' }),
      member({ roleName: 'Viewer', roleId: 1, isActive: false, status: 'Inactive' }),
    ]);
    expect(counts).toEqual({ active: 2, admins: 1, developers: 2, pending: 1 });
  });
});

describe('the invitation messages', () => {
  it("show the server's message on success, or say none came", () => {
    expect(inviteSuccessMessage({ message: 'Invitation sent to a@b.c.' })).toEqual({
      ok: true,
      text: 'Invitation sent to a@b.c.',
    });
    expect(inviteSuccessMessage(undefined)).toEqual({ ok: false, text: teamMessages.noMessage });
  });

  it("show the server's reason for a refusal, else the generic failure", () => {
    expect(inviteFailureMessage(new HttpError(409, 'That username is taken'))).toBe('That username is taken');
    expect(inviteFailureMessage(new TypeError('Failed to fetch'))).toBe(teamMessages.failed);
  });
});
