import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface NewFeedback {
  userId: number;
  query: string;
  attachments: { name: string; storedName: string; size: number; type: string }[];
}

export function createFeedbackStore(db: Kysely<Database>) {
  return {
    /**
     * Inserts the row, then runs `placeFiles` with its id before committing: if placing the files
     * fails, the row is rolled back, so a row never points at missing files.
     */
    async save(entry: NewFeedback, placeFiles: (id: number) => Promise<void>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('feedback')
          .values({
            user_id: entry.userId,
            query: entry.query,
            attachments: JSON.stringify(entry.attachments),
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await placeFiles(id);
        return id;
      });
    },
  };
}

export type FeedbackStore = ReturnType<typeof createFeedbackStore>;
