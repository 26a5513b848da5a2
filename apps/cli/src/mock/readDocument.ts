import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

export interface DocumentText {
  text: string;
  /** Its file name, whose extension tells the engine JSON from YAML. */
  fileName: string;
}

const isUrl = (location: string) => /^https?:\/\//i.test(location);

/** A document's text, from a file or an http(s) URL; throws with a one-line reason when it cannot be read. */
export async function readDocument(location: string): Promise<DocumentText> {
  if (!isUrl(location)) {
    try {
      return { text: await readFile(location, 'utf8'), fileName: basename(location) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(
        `Cannot read ${location}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
      );
    }
  }
  let response: Response;
  try {
    response = await fetch(location, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(`Cannot fetch ${location}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`Cannot fetch ${location}: ${response.status} ${response.statusText}`);
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  // a URL need not end in .json or .yaml: the served type, else the text itself, says which
  const name = basename(new URL(location).pathname) || 'openapi';
  const json = /json/.test(type) || (!/ya?ml/.test(type) && /^\s*[{[]/.test(text));
  return { text, fileName: /\.(json|ya?ml)$/i.test(name) ? name : `${name}.${json ? 'json' : 'yaml'}` };
}

export { isUrl };
