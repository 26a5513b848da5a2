import { IMPORT_FILE_EXTENSIONS } from '@sandbox/contracts';

/** spec §5: only OpenAPI documents (.json, .yaml, .yml) can be imported. */
export function hasImportExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return IMPORT_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export const IMPORT_FILE_ACCEPT = IMPORT_FILE_EXTENSIONS.join(',');
