// JSON pointers and local `$ref`s of a document, as the harness follows them.

import type { Json } from './corpusDocuments.js';

export const escapePointer = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

function unescapePointer(token: string) {
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Follows local `$ref`s; answers the value and the pointer where it really sits. */
export function resolve(doc: Json, value: Json, pointer: string): { value: Json; pointer: string } {
  let current = value;
  let at = pointer;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 32; hops++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#')) throw new Error(`external $ref ${ref} at ${at}`);
    // a pointer in a URI fragment is percent-encoded: kept here as plain JSON pointer
    at = ref.slice(1).split('/').map(decodeURIComponent).join('/');
    current = at
      .split('/')
      .slice(1)
      .reduce((node: Json, token) => node?.[unescapePointer(token)], doc);
    if (current === undefined) throw new Error(`$ref ${ref} points nowhere`);
  }
  return { value: current, pointer: at };
}
