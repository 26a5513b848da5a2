// How each media type a document declares is written on the wire, decided once when an API compiles.

export type MediaKind = 'json' | 'xml' | 'html' | 'text' | 'yaml' | 'form' | 'binary';

/** The `type/subtype` of a media type, lower-cased, without its parameters. */
export function essenceOf(mediaType: string): string {
  const semicolon = mediaType.indexOf(';');
  return (semicolon < 0 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

export function mediaKind(mediaType: string): MediaKind {
  const essence = essenceOf(mediaType);
  const [type, subtype = ''] = essence.split('/');
  if (subtype === 'json' || subtype.endsWith('+json')) return 'json';
  if (subtype === 'xml' || subtype.endsWith('+xml')) return 'xml';
  if (essence === 'text/html') return 'html';
  if (subtype === 'yaml' || subtype === 'x-yaml' || subtype.endsWith('+yaml')) return 'yaml';
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'text' || essence === 'application/javascript' || essence === 'application/x-ndjson')
    return 'text';
  return 'binary';
}

/** A declared range (`*\/*`, `image/*`) answers with one concrete type of its family. */
export function isRange(mediaType: string): boolean {
  return essenceOf(mediaType).endsWith('/*');
}

const TEXTUAL: ReadonlySet<MediaKind> = new Set(['json', 'xml', 'html', 'text', 'yaml', 'form']);

/**
 * The Content-Type header for a declared media type: as the document writes it, with a UTF-8 charset
 * on textual types that name none (every body the sandbox writes is UTF-8).
 */
export function contentTypeOf(mediaType: string): string {
  const declared = mediaType.trim();
  if (!TEXTUAL.has(mediaKind(declared)) || /;\s*charset=/i.test(declared)) return declared;
  return `${declared}; charset=utf-8`;
}

/**
 * The concrete type a declared range answers with when the request names none of its family:
 * `structured` when what it answers is an object or a list (JSON then), else text or bytes.
 */
export function concreteOf(range: string, structured: boolean): string {
  const essence = essenceOf(range);
  if (essence === '*/*') return structured ? 'application/json' : 'text/plain';
  if (essence === 'application/*') return structured ? 'application/json' : 'application/octet-stream';
  if (essence === 'text/*') return 'text/plain';
  if (essence === 'image/*') return 'image/png';
  return 'application/octet-stream';
}

/** Of several media types, JSON is the one records are kept in (and the catalog kept); else the first. */
export function recordMediaTypeOf(types: string[]): string | undefined {
  return types.find((t) => t === 'application/json') ?? types.find((t) => t.includes('json')) ?? types[0];
}
