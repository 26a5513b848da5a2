import { MAX_IMPORT_BYTES } from '@sandbox/contracts';
import { ImportError } from './ImportError.js';
import { parseJson } from './parseJson.js';
import { parseYaml } from './parseYaml.js';

/** JSON or YAML, chosen by the file's extension, else by its first character. */
export function parseDocument(text: string, fileName: string): unknown {
  if (text.length > MAX_IMPORT_BYTES || Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES) {
    throw new ImportError('The file is too large', `the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  }
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (source.trim() === '') throw new ImportError('The file is empty');
  return looksLikeJson(source, fileName) ? parseJson(source) : parseYaml(source);
}

function looksLikeJson(text: string, fileName: string): boolean {
  const extension = fileName.toLowerCase().split('.').at(-1);
  if (extension === 'json') return true;
  if (extension === 'yaml' || extension === 'yml') return false;
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}
