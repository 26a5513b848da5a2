import { saveFile } from '../../lib/saveFile';

/** Hands a JSON value to the browser as a file download. */
export function saveJsonFile(fileName: string, value: unknown): void {
  saveFile(fileName, JSON.stringify(value, null, 2), 'application/json');
}
