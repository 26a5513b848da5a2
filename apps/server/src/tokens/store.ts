import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function createTokenStore(db: Kysely<Database>) {
  const withApi = () =>
    db
      .selectFrom('api_tokens')
      .innerJoin('api_masters', 'api_masters.id', 'api_tokens.api_master_id')
      .select([
        'api_tokens.id',
        'api_tokens.api_master_id',
        'api_tokens.token',
        'api_tokens.expires_at',
        'api_masters.name',
        'api_masters.is_auth_required',
        'api_masters.team_id',
      ]);

  return {
    listForTeam(teamId: number) {
      return withApi().where('api_masters.team_id', '=', teamId).orderBy('api_tokens.id', 'desc').execute();
    },

    /** The API's tokens, expired ones included. */
    ofApi(apiMasterId: number) {
      return db
        .selectFrom('api_tokens')
        .select(['token', 'expires_at'])
        .where('api_master_id', '=', apiMasterId)
        .execute();
    },

    find(tokenId: number) {
      return withApi().where('api_tokens.id', '=', tokenId).executeTakeFirst();
    },

    async create(apiMasterId: number, token: string, expiresAt: string): Promise<number> {
      const row = await db
        .insertInto('api_tokens')
        .values({
          api_master_id: apiMasterId,
          token,
          expires_at: expiresAt,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async replace(tokenId: number, token: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ token, expires_at: expiresAt })
        .where('id', '=', tokenId)
        .execute();
    },

    async remove(tokenId: number): Promise<void> {
      await db.deleteFrom('api_tokens').where('id', '=', tokenId).execute();
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
