import { ImportError, MAX_NESTING_DEPTH } from './ImportError.js';
import { describePosition, locateJsonError } from './locateJsonError.js';

export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const problem = locateJsonError(text) ?? { offset: 0, reason: 'unreadable' };
    throw new ImportError(
      `The file is not valid JSON: ${problem.reason}`,
      describePosition(text, problem.offset),
    );
  }
  assertShallow(value);
  return value;
}

/** JSON.parse itself does not recurse, but everything after it does: refuse absurd depth here, iteratively. */
function assertShallow(root: unknown): void {
  const values: unknown[] = [root];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() as number;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_NESTING_DEPTH) {
      throw new ImportError('The document is nested too deeply', `more than ${MAX_NESTING_DEPTH} levels`);
    }
    const container = value as Record<string, unknown>;
    for (const key in container) {
      const child = container[key];
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
}
