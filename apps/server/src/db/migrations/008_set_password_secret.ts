import type { Kysely } from 'kysely';

// An invited member sets their first password with a secret only their verified invitation handed
// out; the hash is kept until the password is set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('set_password_hash', 'varchar(64)').execute();
}
