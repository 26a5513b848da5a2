import { apiFormMessages, IMPORT_FILE_EXTENSIONS, MAX_IMPORT_BYTES } from '@sandbox/contracts';

/** spec §5: only documents (.json, .yaml, .yml: OpenAPI, Swagger or a Postman Collection) can be imported. */
export function hasImportExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return IMPORT_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export const IMPORT_FILE_ACCEPT = IMPORT_FILE_EXTENSIONS.join(',');

/**
 * Why a chosen file is refused before it is sent, or undefined: a file over the server's limit is
 * refused here rather than uploaded whole first.
 */
export function importFileRefusal(file: File): string | undefined {
  if (!hasImportExtension(file.name)) return apiFormMessages.invalidFileFormat;
  if (file.size > MAX_IMPORT_BYTES) return apiFormMessages.fileTooLarge;
  return undefined;
}

/** Where the New API document comes from: a chosen file, or a URL the server fetches. */
export type ImportSource = 'file' | 'url';

export const importUrlMessages = {
  urlRequired: 'URL is required',
  invalidUrl: 'Enter an http or https URL',
} as const;

/** An address the server may fetch: http or https, nothing else. */
export function isImportUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
