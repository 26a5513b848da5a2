/** spec §2: a response is labelled code/text, e.g. "200/OK"; a code the map lacks stands alone. */
export function responseLabel(code: string, statusText: string | undefined): string {
  return statusText ? `${code}/${statusText}` : code;
}
