// spec §5 New API: what a chosen document says of itself (`info`), read cheaply in the browser.
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@sandbox/contracts';
import { capitaliseFirst } from './inputMasks';

/** `info` comes first in real documents: the start of a file is read, never the whole of a huge one. */
const HEAD_BYTES = 256 * 1024;

export interface DocumentInfo {
  apiName?: string;
  apiDescription?: string;
  apiVersion?: string;
}

/** The New API fields a document's `info` fills; a field it cannot fill is left out. */
export async function readDocumentInfo(file: Blob): Promise<DocumentInfo> {
  const head = await file.slice(0, HEAD_BYTES).text();
  const info = head.trimStart().startsWith('{') ? jsonInfo(head) : await yamlInfo(head);
  return info ? toFields(info) : {};
}

type Info = Record<string, unknown>;
const isInfo = (value: unknown): value is Info =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object after the first `"info":`, found by matching its braces outside strings. */
function jsonInfo(text: string): Info | undefined {
  const start = /"info"\s*:\s*\{/.exec(text);
  if (!start) return undefined;
  const open = start.index + start[0].length - 1;
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        const parsed: unknown = JSON.parse(text.slice(open, i + 1));
        return isInfo(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The top-level `info:` block alone, parsed with every scalar kept as written (`1.0` stays `1.0`). */
async function yamlInfo(text: string): Promise<Info | undefined> {
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((line) => /^info\s*:/.test(line));
  if (first < 0) return undefined;
  let end = first + 1;
  while (end < lines.length && !/^[^\s#]/.test(lines[end])) end++;
  const { parse } = await import('yaml');
  try {
    const parsed: unknown = parse(lines.slice(first, end).join('\n'), { schema: 'failsafe' });
    return isInfo(parsed) && isInfo(parsed.info) ? parsed.info : undefined;
  } catch {
    return undefined;
  }
}

const oneLine = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/**
 * A Postman Collection's `info` names the API in `name`, may hold its description as `{ content }`
 * and its version as `{ major, minor }`; an OpenAPI document's holds `title` and plain strings.
 */
function toFields(info: Info): DocumentInfo {
  const fields: DocumentInfo = {};
  const title = oneLine(info.title) || oneLine(info.name);
  if (title) fields.apiName = capitaliseFirst(title).slice(0, MAX_NAME_LENGTH).trim();
  const description = oneLine(isInfo(info.description) ? info.description.content : info.description);
  if (description) fields.apiDescription = cutAtWord(capitaliseFirst(description), MAX_DESCRIPTION_LENGTH);
  const version = toMaskedVersion(
    isInfo(info.version) ? `${info.version.major}.${info.version.minor ?? 0}` : oneLine(info.version),
  );
  if (version) fields.apiVersion = version;
  return fields;
}

/** At most `max` characters, ending at a sentence or a word rather than inside one. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const sentence = cut.lastIndexOf('. ');
  if (sentence > 0) return cut.slice(0, sentence + 1);
  const word = cut.lastIndexOf(' ');
  return (word > 0 ? cut.slice(0, word) : cut.slice(0, max)).trim();
}

/** spec §5: a digit, a dot and a digit; `1.0.27` is `1.0`, `v2` is `2.0`; `2024-01` fits no such mask. */
export function toMaskedVersion(version: string): string | undefined {
  const parts = /^v?(\d+)(?:\.(\d+))?/i.exec(version);
  if (!parts || parts[1].length > 1) return undefined;
  return `${parts[1]}.${parts[2]?.[0] ?? '0'}`;
}
