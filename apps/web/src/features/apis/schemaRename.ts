// What the Rename Schema dialog makes of the name typed: kept pure for tests.
import { ZSchemaName } from '@sandbox/contracts';

export type SchemaRename =
  | { kind: 'refused'; message: string }
  | { kind: 'unchanged' }
  | { kind: 'renamed'; schemaName: string };

/** The new name, checked as a new schema's name is; the same name (once trimmed) is no change. */
export function readSchemaRename(typed: string, currentName: string): SchemaRename {
  const parsed = ZSchemaName.safeParse(typed);
  if (!parsed.success) return { kind: 'refused', message: parsed.error.issues[0]?.message ?? '' };
  if (parsed.data === currentName) return { kind: 'unchanged' };
  return { kind: 'renamed', schemaName: parsed.data };
}
