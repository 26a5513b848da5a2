import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface MemberRow {
  id: number;
  username: string;
  email: string;
  roleId: number;
  parentUserId: number | null;
  isActive: boolean;
  hasPassword: boolean;
  isVerified: boolean;
  createdAt: string;
  verifiedAt: string | null;
}

/** The people of a team: its owner and everyone whose parent is the owner. */
export function createTeamStore(db: Kysely<Database>) {
  return {
    async listTeam(ownerId: number): Promise<MemberRow[]> {
      const rows = await db
        .selectFrom('users')
        .select([
          'id',
          'username',
          'email',
          'role_id',
          'parent_user_id',
          'is_active',
          'is_verified',
          'password_hash',
          'created_at',
          'verified_at',
        ])
        .where((eb) => eb.or([eb('id', '=', ownerId), eb('parent_user_id', '=', ownerId)]))
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        email: row.email,
        roleId: row.role_id,
        parentUserId: row.parent_user_id,
        isActive: Boolean(row.is_active),
        hasPassword: row.password_hash !== null,
        isVerified: Boolean(row.is_verified),
        createdAt: row.created_at,
        verifiedAt: row.verified_at,
      }));
    },

    async setRole(memberId: number, roleId: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ role_id: roleId, updated_at: new Date().toISOString() })
        .where('id', '=', memberId)
        .execute();
    },
  };
}

export type TeamStore = ReturnType<typeof createTeamStore>;
