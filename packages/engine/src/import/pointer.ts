import { escapePointerSegment } from '@sandbox/contracts';

// JSON pointers (RFC 6901) written as URI fragments, the way `$ref` and error details spell them.

export function childPointer(pointer: string, ...segments: (string | number)[]): string {
  let result = pointer;
  for (const segment of segments) result += `/${escapePointerSegment(String(segment))}`;
  return result;
}

/** `#/components/schemas/a~1b` → ['components', 'schemas', 'a/b']; null when it is not a local pointer. */
export function splitPointer(ref: string): string[] | null {
  if (ref === '#' || ref === '#/') return [];
  if (!ref.startsWith('#/')) return null;
  return ref
    .slice(2)
    .split('/')
    .map((segment) => safeDecode(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
}

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
