import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../auth/store.js';
import type { Mailer } from '../mail/mailer.js';
import type { ReceivedUpload } from './receiveUpload.js';
import type { FeedbackStore } from './store.js';

interface FeedbackDeps {
  store: FeedbackStore;
  mailer: Mailer;
  /** `$DATA_DIR/feedback`: one folder of attachments per feedback id. */
  feedbackDir: string;
  /** FEEDBACK_TO: who reads the feedback; unset keeps it in the database and on disk only. */
  feedbackTo?: string;
  log: FastifyBaseLogger;
}

export function createFeedbackService({ store, mailer, feedbackDir, feedbackTo, log }: FeedbackDeps) {
  return {
    /** Stores the feedback with its files (all or nothing), then tells FEEDBACK_TO. */
    async submit(user: User, upload: ReceivedUpload): Promise<number> {
      let placed: string | undefined;
      let id: number;
      try {
        id = await store.save(
          { userId: user.id, query: upload.query, attachments: upload.files },
          async (newId) => {
            await mkdir(feedbackDir, { recursive: true });
            placed = join(feedbackDir, String(newId));
            await rename(upload.tempDir, placed);
          },
        );
      } catch (error) {
        await rm(upload.tempDir, { recursive: true, force: true });
        if (placed) await rm(placed, { recursive: true, force: true });
        throw error;
      }
      if (feedbackTo) {
        // The feedback is kept whatever the mail does; a mail failure is logged for the operator.
        await mailer
          .send(feedbackMail(feedbackTo, id, user, upload, placed ?? ''))
          .catch((error: unknown) => {
            log.error({ err: error, feedbackId: id }, 'feedback mail failed');
          });
      }
      return id;
    },
  };
}

function feedbackMail(to: string, id: number, user: User, upload: ReceivedUpload, folder: string) {
  const files = upload.files.length
    ? upload.files.map((f) => `- ${f.name} (${f.size} bytes, ${f.type})`).join('\n')
    : '(none)';
  return {
    to,
    subject: `Feedback #${id} from ${user.username}`,
    text: `${user.firstName} ${user.lastName} (${user.username}, ${user.email}) wrote:\n\n${upload.query}\n\nAttachments:\n${files}\n\nStored in ${folder}\n`,
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
