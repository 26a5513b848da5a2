import multipart from '@fastify/multipart';
import {
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILES,
  FEEDBACK_QUERY_MAX_LENGTH,
  feedbackMessages,
  feedbackPaths,
  ZFeedbackQuery,
  ZFeedbackResponse,
} from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { zUploadedFile } from '../http/openApi.js';
import { receiveUpload } from './receiveUpload.js';
import type { FeedbackService } from './service.js';

const submitSchema = {
  tags: ['Feedback'],
  summary: 'Send the team behind the product a question or a problem, with screenshots',
  consumes: ['multipart/form-data'],
  body: z.object({
    query: ZFeedbackQuery,
    attachments: z
      .array(zUploadedFile(`An image or PDF of at most ${FEEDBACK_MAX_FILE_BYTES / 1024 / 1024} MB`))
      .max(FEEDBACK_MAX_FILES)
      .optional(),
  }),
  response: { 200: ZFeedbackResponse },
};

/**
 * spec §7 submit-query. Multipart is registered in its own scope so JSON handling elsewhere is
 * unchanged. The plugin's limits sit above ours as a backstop against endless bodies; ours give
 * the precise message.
 */
export function feedbackRoutes(app: FastifyInstance, feedback: FeedbackService, incomingDir: string): void {
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        files: FEEDBACK_MAX_FILES * 2,
        parts: FEEDBACK_MAX_FILES * 2 + 5,
        fields: 5,
        fileSize: FEEDBACK_MAX_FILE_BYTES + 1,
        // UTF-8 takes up to 4 bytes a character.
        fieldSize: FEEDBACK_QUERY_MAX_LENGTH * 4,
      },
    });
    scope.post(feedbackPaths.submit, { schema: submitSchema }, async (request) => {
      const user = currentUser(request);
      const upload = await receiveUpload(request, incomingDir);
      const id = await feedback.submit(user, upload);
      return { id, message: feedbackMessages.received };
    });
  });
}
