import { apiFormMessages } from '@sandbox/contracts';
import { z } from 'zod';
import { hasImportExtension, importUrlMessages, isImportUrl } from './importFile';

// Where the document of an import comes from, New API's and Update from file's alike: a chosen file,
// or a URL the server fetches. From either the server reads OpenAPI, Swagger or a Postman Collection.

export const ZDocumentSource = z.object({
  source: z.enum(['file', 'url']),
  multipartFile: z.custom<File | null>(),
  url: z.string(),
});
export type DocumentSource = z.input<typeof ZDocumentSource>;

export const EMPTY_SOURCE: DocumentSource = { source: 'file', multipartFile: null, url: '' };

/** spec §5: the chosen source's field is required and well formed; the other one is not looked at. */
export function checkDocumentSource<T extends DocumentSource>(
  { source, multipartFile, url }: T,
  context: z.RefinementCtx<T>,
): void {
  const refuse = (path: 'multipartFile' | 'url', message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (source === 'file') {
    if (!(multipartFile instanceof File)) refuse('multipartFile', apiFormMessages.fileRequired);
    else if (!hasImportExtension(multipartFile.name))
      refuse('multipartFile', apiFormMessages.invalidFileFormat);
  } else if ((url ?? '').trim() === '') refuse('url', importUrlMessages.urlRequired);
  else if (!isImportUrl(url)) refuse('url', importUrlMessages.invalidUrl);
}

/** The document as an import form sends it: the file `multipartFile`, or the `url` the server fetches. */
export function appendDocument(form: FormData, { source, multipartFile, url }: DocumentSource): void {
  if (source === 'url') form.append('url', url.trim());
  else if (multipartFile) form.append('multipartFile', multipartFile);
}

/** The field a refusal of the document is shown beside: the one of its source. */
export const sourceField = ({ source }: DocumentSource) => (source === 'url' ? 'url' : 'multipartFile');
