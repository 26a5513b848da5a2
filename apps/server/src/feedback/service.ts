import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../auth/service.js';
import type { Mail, Mailer } from '../mail/mailer.js';
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

/** Files go with the mail up to this total: base64 grows them by a third, and mail servers refuse large mails. */
const MAX_ATTACHED_BYTES = 10 * 1024 * 1024;

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

function feedbackMail(to: string, id: number, user: User, upload: ReceivedUpload, folder: string): Mail {
  const files = upload.files.length
    ? upload.files.map((f) => `- ${f.name} (${f.size} bytes, ${f.type})`).join('\n')
    : '(none)';
  const total = upload.files.reduce((sum, f) => sum + f.size, 0);
  const attached = total <= MAX_ATTACHED_BYTES;
  return {
    to,
    subject: `Feedback #${id} from ${user.username}`,
    text: `${user.firstName} ${user.lastName} (${user.username}, ${user.email}) wrote:\n\n${upload.query}\n\nAttachments${attached ? '' : ' (too large to mail; see the folder below)'}:\n${files}\n\nStored in ${folder}\n`,
    attachments: attached
      ? upload.files.map((f) => ({ filename: f.name, path: join(folder, f.storedName), contentType: f.type }))
      : [],
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
