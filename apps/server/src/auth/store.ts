import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  passwordHash: string | null;
  roleId: number;
  parentUserId: number | null;
  isVerified: boolean;
  isActive: boolean;
  verifiedAt: string | null;
  /** Sessions issued before this time no longer count, but for `keptSession`. */
  sessionsValidFrom: string | null;
  keptSession: string | null;
  /** Hash of the secret that lets an invited member set their first password. */
  setPasswordHash: string | null;
}

/** A user as their session presents them: which of their sessions this is. */
export interface SignedInUser extends User {
  sessionId: string;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  passwordHash: string | null;
  roleId: number;
  parentUserId: number | null;
  isNewsletterSubscribed: boolean;
}

function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    passwordHash: row.password_hash,
    roleId: row.role_id,
    parentUserId: row.parent_user_id,
    isVerified: Boolean(row.is_verified),
    isActive: Boolean(row.is_active),
    verifiedAt: row.verified_at,
    sessionsValidFrom: row.sessions_valid_from,
    keptSession: row.kept_session,
    setPasswordHash: row.set_password_hash,
  };
}

export function createUserStore(db: Kysely<Database>) {
  return {
    async findById(id: number): Promise<User | undefined> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },

    /** By username (any case) or e-mail address. */
    async findByLogin(login: string): Promise<User | undefined> {
      const key = login.trim().toLowerCase();
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('username_key', '=', key), eb('email', '=', key)]))
        .executeTakeFirst();
      return row && toUser(row);
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row && toUser(row);
    },

    async isTaken(username: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          eb.or([eb('username_key', '=', username.toLowerCase()), eb('email', '=', email.toLowerCase())]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts the user with their first verification token, both or neither. */
    async createWithVerification(user: NewUser, token: { hash: string; expiresAt: string }): Promise<User> {
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            first_name: user.firstName,
            last_name: user.lastName,
            email: user.email.toLowerCase(),
            username: user.username,
            username_key: user.username.toLowerCase(),
            password_hash: user.passwordHash,
            role_id: user.roleId,
            parent_user_id: user.parentUserId,
            is_newsletter_subscribed: user.isNewsletterSubscribed ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('verification_tokens')
          .values({ token_hash: token.hash, user_id: row.id, expires_at: token.expiresAt, created_at: now })
          .execute();
        return toUser(row);
      });
    },

    async addVerificationToken(userId: number, token: { hash: string; expiresAt: string }): Promise<void> {
      await db
        .insertInto('verification_tokens')
        .values({
          token_hash: token.hash,
          user_id: userId,
          expires_at: token.expiresAt,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    /** A new password ends the account's other sessions: all but `keptSession`, when given. */
    async setPasswordHash(id: number, passwordHash: string, keptSession: string | null): Promise<void> {
      const now = new Date().toISOString();
      await db
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          sessions_valid_from: now,
          kept_session: keptSession,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    async keepSetPasswordHash(id: number, secretHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ set_password_hash: secretHash, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Sets the first password of an account that has none, spending the secret that allowed it;
     * false when the password was set or the secret spent meanwhile.
     */
    async setFirstPassword(id: number, secretHash: string, passwordHash: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ password_hash: passwordHash, set_password_hash: null, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('password_hash', 'is', null)
        .where('set_password_hash', '=', secretHash)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deactivates one account (a member an Admin removes): its sessions and password stop working. */
    async deactivate(id: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ is_active: 0, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Closes an account (Delete Account): its e-mail address and username are free to register again
     * at once. A member's row goes. An owner's stays, deactivated, its address and username replaced
     * by a random value nobody can sign up with, because the team's APIs are stored under it; the
     * team's members go with it. Returns how many members went.
     */
    async closeAccount(id: number, ownsTeam: boolean): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (!ownsTeam) {
          await trx.deleteFrom('users').where('id', '=', id).execute();
          return 0;
        }
        const members = await trx.deleteFrom('users').where('parent_user_id', '=', id).executeTakeFirst();
        // no @: no sign-up or invitation can take it; random: no username can be chosen to match it
        const released = `closed-${randomUUID()}`;
        await trx
          .updateTable('users')
          .set({
            is_active: 0,
            email: released,
            username_key: released,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', id)
          .execute();
        return Number(members.numDeletedRows);
      });
    },

    /** The user a verification token was made for, spent or not; undefined when unknown or someone else's. */
    async findByVerificationToken(hash: string, expectedUserId?: number): Promise<User | undefined> {
      const row = await db
        .selectFrom('verification_tokens')
        .innerJoin('users', 'users.id', 'verification_tokens.user_id')
        .selectAll('users')
        .where('verification_tokens.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row || (expectedUserId !== undefined && row.id !== expectedUserId)) return undefined;
      return toUser(row);
    },

    /**
     * Spends an unused, unexpired token and marks its user verified. Returns the user id, or
     * undefined when the token is unknown, spent, expired or belongs to someone else.
     */
    async consumeVerificationToken(hash: string, expectedUserId?: number): Promise<number | undefined> {
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .selectFrom('verification_tokens')
          .selectAll()
          .where('token_hash', '=', hash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (!token || (expectedUserId !== undefined && token.user_id !== expectedUserId)) return undefined;
        const spent = await trx
          .updateTable('verification_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return undefined;
        await trx
          .updateTable('users')
          .set({ is_verified: 1, verified_at: now, updated_at: now })
          .where('id', '=', token.user_id)
          .execute();
        return token.user_id;
      });
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;

/** Everything a user sees belongs to their team: the owner's id (DESIGN §5). */
export const teamOf = (user: User) => user.parentUserId ?? user.id;
