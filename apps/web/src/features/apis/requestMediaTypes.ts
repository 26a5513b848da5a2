/** The media types a user may design a request body in: those the sandbox reads and validates. */
export const REQUEST_MEDIA_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'text/plain',
] as const;

/** The choices of the Media Type select: the designable ones, and the body's own if an import declared another. */
export function requestMediaTypeOptions(current: string): string[] {
  const designable: readonly string[] = REQUEST_MEDIA_TYPES;
  return designable.includes(current) ? [...designable] : [...designable, current];
}
