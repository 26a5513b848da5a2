import { z } from 'zod';
import { validation } from './messages.js';

// spec §2 Help → Submit Feedback; spec §7: multipart with `query` and several `attachments`.
export const feedbackPaths = { submit: '/api/v1/auth/submit-query' } as const;

export const FEEDBACK_MAX_FILES = 5;
export const FEEDBACK_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_MAX_TOTAL_BYTES = 20 * 1024 * 1024;
export const FEEDBACK_QUERY_MAX_LENGTH = 5000;

/** Programs and scripts a reader could run by opening the attachment. */
export const BLOCKED_ATTACHMENT_EXTENSIONS = [
  'exe',
  'com',
  'bat',
  'cmd',
  'msi',
  'msp',
  'scr',
  'pif',
  'cpl',
  'dll',
  'sys',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'wsf',
  'wsh',
  'hta',
  'sh',
  'bash',
  'jar',
  'app',
  'apk',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'lnk',
  'reg',
] as const;

const blockedList = BLOCKED_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(' ');

export const feedbackMessages = {
  tooManyFiles: `Attach at most ${FEEDBACK_MAX_FILES} files.`,
  fileTooLarge: (name: string) => `"${name}" is larger than 5 MB, the limit for one attachment.`,
  totalTooLarge: 'The attachments together are larger than 20 MB, the limit for one message.',
  blockedType: (name: string) =>
    `"${name}" looks like a program or script, which cannot be attached (${blockedList}).`,
  queryTooLong: `The query may be at most ${FEEDBACK_QUERY_MAX_LENGTH} characters.`,
  notMultipart: 'Send the feedback as multipart/form-data with a query and attachments.',
  unexpectedField: (name: string) => `Unexpected field "${name}": send only query and attachments.`,
  received: 'Your feedback was received.',
} as const;

export function isBlockedAttachment(fileName: string): boolean {
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1];
  return extension !== undefined && (BLOCKED_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension);
}

/** The first reason a set of attachments is refused, checked the same way by the form and the server. */
export function attachmentProblem(files: { name: string; size: number }[]): string | undefined {
  if (files.length > FEEDBACK_MAX_FILES) return feedbackMessages.tooManyFiles;
  const blocked = files.find((f) => isBlockedAttachment(f.name));
  if (blocked) return feedbackMessages.blockedType(blocked.name);
  const large = files.find((f) => f.size > FEEDBACK_MAX_FILE_BYTES);
  if (large) return feedbackMessages.fileTooLarge(large.name);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > FEEDBACK_MAX_TOTAL_BYTES) return feedbackMessages.totalTooLarge;
  return undefined;
}

// spec §5 Feedback: query required.
export const ZFeedbackQuery = z
  .string()
  .trim()
  .min(1, validation.queryRequired)
  .max(FEEDBACK_QUERY_MAX_LENGTH, feedbackMessages.queryTooLong);

export const ZFeedbackResponse = z.object({ id: z.number(), message: z.string() });
export type FeedbackResponse = z.infer<typeof ZFeedbackResponse>;
