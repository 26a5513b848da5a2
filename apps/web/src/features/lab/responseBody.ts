// What the Lab's Body tab shows for an answer: its text, a note on a binary body, or why there is none.
import type { LabResponse } from '@sandbox/contracts';
import { formatBytes } from './formatBytes';
import { formatIfJson } from './labRequest';

export type ResponseBody =
  | { kind: 'text'; text: string }
  | { kind: 'none'; note: string }
  | {
      kind: 'binary';
      note: string;
      /** A file name and a `data:` address to save the bytes under; never opened as a page. */
      download: { name: string; href: string };
      /** For an image a browser draws, whole: a `data:` address for an <img>. */
      preview?: string;
    };

// Images an <img> draws from bytes; SVG is text and arrives as text.
const PREVIEWED = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

const essenceOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() || 'application/octet-stream';

export function responseBody(answer: LabResponse, method: string): ResponseBody {
  if (answer.bodyEncoding === 'base64') return binaryBody(answer);
  if (answer.body !== '') return { kind: 'text', text: formatIfJson(answer.body) };
  if (method === 'HEAD')
    return {
      kind: 'none',
      note: 'No body: the answer to a HEAD request carries only its status and headers.',
    };
  return { kind: 'none', note: 'No body: the answer carries only its status and headers.' };
}

function binaryBody(answer: LabResponse): ResponseBody {
  const type = essenceOf(answer.headers['content-type']);
  const subtype = type.split('/')[1] ?? '';
  const whole = !answer.truncated;
  return {
    kind: 'binary',
    note: `Binary body (${type}, ${formatBytes(answer.sizeBytes)}): it is not shown as text.`,
    download: {
      name: `response.${/^[a-z0-9]{1,8}$/.test(subtype) ? subtype : 'bin'}`,
      // As plain bytes, so the browser saves them rather than interpret them.
      href: `data:application/octet-stream;base64,${answer.body}`,
    },
    ...(whole && PREVIEWED.has(type) ? { preview: `data:${type};base64,${answer.body}` } : {}),
  };
}
