import { MAX_SCHEMA_DEPTH } from '@sandbox/contracts';
import { Invalid } from '../shared/appError.js';

/**
 * Deeper than any real document; far below what would exhaust the stack of a recursive parser. The
 * same bound as a schema's depth, designed or imported.
 */
export const MAX_NESTING_DEPTH = MAX_SCHEMA_DEPTH;

/** A YAML anchor may be aliased this many times (times its own aliases): a billion-laughs bomb fails fast. */
export const MAX_YAML_ALIASES = 100;

/**
 * Why a document cannot be imported. `detail` says where: `line 12, column 3` for a syntax error,
 * a JSON pointer (`#/paths/~1pets/get`) for a structural one.
 */
export class ImportError extends Invalid {}

/** Conversion recurses through inline schemas; YAML aliases can even make them cyclic. */
export function refuseDeepNesting(depth: number, pointer: string): void {
  if (depth > MAX_NESTING_DEPTH) throw new ImportError('The document is nested too deeply', pointer);
}
