import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = new URL('../../../..', import.meta.url).pathname;

/**
 * Where Prism's harness is: $PRISM_HARNESS, else ../shared/prism-harness beside the repository. A git
 * worktree sits elsewhere: its `.git` file names the main checkout, whose neighbour is looked at too.
 */
export function harnessFolder(): string {
  if (process.env.PRISM_HARNESS) return process.env.PRISM_HARNESS;
  const beside = join(root, '../shared/prism-harness');
  if (existsSync(beside)) return beside;
  const dotGit = join(root, '.git');
  const pointer = existsSync(dotGit) ? /^gitdir: (.+)\/\.git\//m.exec(readFileSync(dotGit, 'utf8')) : null;
  return pointer ? join(dirname(pointer[1]), 'shared/prism-harness') : beside;
}
