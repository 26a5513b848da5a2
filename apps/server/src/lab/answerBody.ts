// How an answer's bytes reach the browser: a text body as text, decoded from its charset; any other
// body (an image, an archive, random bytes) in base64, so no byte is lost to a UTF-8 decoding.

import { TextDecoder } from 'node:util';
import { essenceOf, mediaKind } from '@sandbox/engine/shared/mediaTypes';

export interface AnswerBody {
  body: string;
  bodyEncoding?: 'base64';
}

// Text the sandbox's own kinds (JSON, XML, YAML, HTML, form, text, JavaScript) leave out.
const MORE_TEXTUAL = new Set([
  'application/ecmascript',
  'application/x-javascript',
  'application/graphql',
  'application/sql',
]);
const BINARY_FAMILIES = new Set(['image', 'audio', 'video', 'font']);
// Control characters no text answer holds (tab, line feed, form feed and carriage return are fine).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

type Kind = 'text' | 'binary' | 'unknown';

function kindOf(contentType: string): Kind {
  const essence = essenceOf(contentType);
  if (essence === '') return 'unknown';
  if (mediaKind(essence) !== 'binary' || MORE_TEXTUAL.has(essence)) return 'text';
  if (BINARY_FAMILIES.has(essence.split('/')[0] ?? '')) return 'binary';
  // application/octet-stream, application/pdf, a type nobody registered: the bytes tell.
  return 'unknown';
}

function decoderFor(contentType: string, fatal: boolean): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8', { fatal });
  } catch {
    return new TextDecoder('utf-8', { fatal }); // a charset the runtime does not know
  }
}

/** Text when the content type says text, or says nothing definite and the bytes read as UTF-8 text. */
export function answerBody(bytes: Buffer, contentType: string | undefined, truncated: boolean): AnswerBody {
  if (bytes.length === 0) return { body: '' };
  const type = contentType ?? '';
  const kind = kindOf(type);
  if (kind === 'text') return { body: decoderFor(type, false).decode(bytes) };
  if (kind === 'unknown') {
    try {
      // A cut body may end inside a character: `stream` leaves that tail undecoded rather than fail.
      const text = decoderFor(type, true).decode(bytes, { stream: truncated });
      if (!CONTROL.test(text)) return { body: text };
    } catch {
      // not UTF-8: binary
    }
  }
  return { body: bytes.toString('base64'), bodyEncoding: 'base64' };
}
