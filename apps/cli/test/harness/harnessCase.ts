import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// A case of Prism's end-to-end harness (test-harness/specs/**/*.txt), split as Prism's own
// parseSpecFile splits it.

export interface HarnessCase {
  /** Its path under specs/, `cors/options.oas3.txt`. */
  file: string;
  folder: string;
  test: string;
  spec: string;
  server: string;
  command: string;
  expect?: string;
  expectLoose?: string;
}

export function parseCase(file: string, text: string): HarnessCase {
  const parts = text.split(/====(server|test|spec|command|expect|expect-loose)====\r?\n/i);
  const section = (name: string) => {
    const at = parts.indexOf(name);
    return at < 0 ? undefined : parts[at + 1];
  };
  return {
    file,
    folder: file.includes('/') ? file.slice(0, file.indexOf('/')) : '.',
    test: section('test') ?? '',
    spec: section('spec') ?? '',
    server: (section('server') ?? '').trim(),
    command: (section('command') ?? '').trim(),
    expect: section('expect'),
    expectLoose: section('expect-loose'),
  };
}

/** Every `*.txt` under `specs`, as Prism's runner globs them, in a stable order. */
export function readCases(specs: string): HarnessCase[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.txt')) files.push(path);
    }
  };
  walk(specs);
  return files.map((path) => parseCase(relative(specs, path), readFileSync(path, 'utf8')));
}
