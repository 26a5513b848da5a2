import { type Behaviour, ZBehaviour } from '@sandbox/contracts';
import { BEHAVIOUR_EXTENSION } from '../model/behaviourExtension.js';
import { apiMayFailWith, endpointMayFailWith } from '../model/failureStatus.js';
import type { ImportWarnings } from './importWarnings.js';
import { childPointer } from './pointer.js';

/**
 * The traffic simulation an object of the document gives (its `x-sandbox-behaviour`): an operation's,
 * checked against the codes it declares, or the document's default (`declared` undefined). One that
 * is not a behaviour the product would save is left out, and said so.
 */
export function readBehaviour(
  owner: Record<string, unknown>,
  pointer: string,
  warnings: ImportWarnings,
  declared?: string[],
): Behaviour | undefined {
  const value = owner[BEHAVIOUR_EXTENSION];
  if (value === undefined) return undefined;
  const at = childPointer(pointer, BEHAVIOUR_EXTENSION);
  const parsed = ZBehaviour.safeParse(value);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    warnings.add(at, `The traffic simulation is left out (${where}${issue?.message ?? 'not a behaviour'})`);
    return undefined;
  }
  const status = parsed.data.failureStatus;
  if (declared ? !endpointMayFailWith(declared, status) : !apiMayFailWith(status)) {
    warnings.add(at, `The traffic simulation is left out: it may not fail with ${status}`);
    return undefined;
  }
  return parsed.data;
}
