// Re-import: the change summary of a new version of an API's document, then its application.
import { type ReimportAnswer, reimportPaths } from '@sandbox/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { apiKeys } from './api';
import { appendDocument, type DocumentSource } from './documentSource';

/** The re-import form: only the document; the API keeps its name, description and version. */
function formOf(document: DocumentSource): FormData {
  const form = new FormData();
  appendDocument(form, document);
  return form;
}

/** What the document would change, changing nothing. */
export function useReimportPreview(apiMasterId: number) {
  return useMutation({
    mutationFn: (document: DocumentSource) =>
      http<ReimportAnswer>(`${reimportPaths.upload(apiMasterId)}?dryRun=true`, {
        method: 'POST',
        body: formOf(document),
      }),
  });
}

export function useReimportApply(apiMasterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: DocumentSource) =>
      http<ReimportAnswer>(reimportPaths.upload(apiMasterId), { method: 'POST', body: formOf(document) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeys.all }),
  });
}
