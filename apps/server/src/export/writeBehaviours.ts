import type { Behaviour } from '@sandbox/contracts';
import { BEHAVIOUR_EXTENSION } from '@sandbox/engine/model/behaviourExtension';

/** An API's traffic simulation: its default, and each endpoint's own. */
export interface ApiBehaviours {
  api: Behaviour | null;
  endpoints: { method: string; path: string; behaviour: Behaviour | null }[];
}

/**
 * Writes the traffic simulation into an exported document, as the import reads it back: each
 * endpoint's own on its operation, the API's default at the root. An operation's extension kept from
 * the imported document is replaced by what is set now, or removed when nothing is.
 */
export function writeBehaviours<D extends { paths: Record<string, Record<string, unknown>> }>(
  document: D,
  { api, endpoints }: ApiBehaviours,
): D {
  for (const { method, path, behaviour } of endpoints) {
    const operation = document.paths[path]?.[method.toLowerCase()] as Record<string, unknown> | undefined;
    if (operation === undefined) continue;
    delete operation[BEHAVIOUR_EXTENSION];
    if (behaviour) operation[BEHAVIOUR_EXTENSION] = behaviour;
  }
  return api ? { ...document, [BEHAVIOUR_EXTENSION]: api } : document;
}
