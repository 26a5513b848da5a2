import { feedbackPaths, messages } from '@sandbox/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http';

export interface FeedbackSubmission {
  query: string;
  attachments: File[];
}

// spec §7 submit-query: multipart with `query` and one `attachments` part per file.
function submitFeedback({ query, attachments }: FeedbackSubmission) {
  const form = new FormData();
  form.append('query', query);
  for (const file of attachments) form.append('attachments', file, file.name);
  return http<unknown>(feedbackPaths.submit, { method: 'POST', body: form });
}

export const useSubmitFeedback = () => useMutation({ mutationFn: submitFeedback });

/** spec §8: one message for every feedback failure, 401 included. */
export const feedbackFailureMessage = (): string => messages.somethingWrongTryAgain;
