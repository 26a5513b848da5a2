import { pathParameterNames } from '@sandbox/contracts';

// An endpoint's path parameters follow its path template: `/pets/{petId}` has a required `petId`.

export interface PathParameterChanges {
  /** Old name → new name: a parameter at the same place of the template, written differently. */
  renamed: [string, string][];
  removed: string[];
  added: string[];
}

/**
 * What becomes of the path parameters when the template changes: a name in both stays; the others
 * are paired in order (`/pets/{id}` → `/pets/{petId}` renames, keeping the parameter's description
 * and mapping), and what is left is removed or added.
 */
export function pathParameterChanges(before: string, after: string): PathParameterChanges {
  const old = pathParameterNames(before);
  const now = pathParameterNames(after);
  const gone = old.filter((name) => !now.includes(name));
  const fresh = now.filter((name) => !old.includes(name));
  const paired = Math.min(gone.length, fresh.length);
  return {
    renamed: gone.slice(0, paired).map((name, i) => [name, fresh[i] as string]),
    removed: gone.slice(paired),
    added: fresh.slice(paired),
  };
}
