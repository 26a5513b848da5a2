import type { Kysely } from 'kysely';

// A new password ends the account's earlier sessions: those issued before `sessions_valid_from`,
// except `kept_session`, the one that changed the password.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sessions_valid_from', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('kept_session', 'varchar(64)').execute();
}
