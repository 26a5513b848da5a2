import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface ResetCode {
  id: number;
  userId: number;
  codeHash: string;
}

// SQL of the one-time password-reset codes; the rules (TTL, tries) are the service's.
export function createResetCodeStore(db: Kysely<Database>) {
  return {
    /** Replaces any unused code of the user: only the latest mailed code works. */
    async replace(userId: number, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('password_reset_codes')
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_reset_codes')
          .values({
            user_id: userId,
            code_hash: codeHash,
            expires_at: expiresAt.toISOString(),
            created_at: now.toISOString(),
          })
          .execute();
      });
    },

    /** The user's unused, unexpired code that still has tries left. */
    async findLive(userId: number, now: Date, maxWrongTries: number): Promise<ResetCode | undefined> {
      const row = await db
        .selectFrom('password_reset_codes')
        .select(['id', 'user_id', 'code_hash'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .where('wrong_tries', '<', maxWrongTries)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && { id: row.id, userId: row.user_id, codeHash: row.code_hash };
    },

    async recordWrongTry(codeId: number): Promise<void> {
      await db
        .updateTable('password_reset_codes')
        .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
        .where('id', '=', codeId)
        .execute();
    },

    /**
     * Spends the code and sets the new password, both or neither. False when the code was spent
     * or exhausted meanwhile (two requests racing with the same code).
     */
    async spendAndSetPassword(
      code: ResetCode,
      passwordHash: string,
      now: Date,
      maxWrongTries: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('password_reset_codes')
          .set({ used_at: now.toISOString() })
          .where('id', '=', code.id)
          .where('used_at', 'is', null)
          .where('wrong_tries', '<', maxWrongTries)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('users')
          .set({
            password_hash: passwordHash,
            // every session of the account ends: whoever asked for the code may not hold one
            sessions_valid_from: now.toISOString(),
            kept_session: null,
            updated_at: now.toISOString(),
          })
          .where('id', '=', code.userId)
          .execute();
        return true;
      });
    },
  };
}

export type ResetCodeStore = ReturnType<typeof createResetCodeStore>;
