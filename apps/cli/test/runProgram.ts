import { type ChildProcess, spawn } from 'node:child_process';

// The program as a user runs it: `node bin/api-sandbox.mjs mock …`, waited on until it says it listens.

const PROGRAM = new URL('../bin/api-sandbox.mjs', import.meta.url).pathname;

export interface Running {
  child: ChildProcess;
  address: string;
  /** Everything it has written to standard output and error so far. */
  output: () => string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
}

export function startProgram(args: string[], options: { cwd?: string } = {}): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PROGRAM, ...args], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no "is listening on" line in 20 s:\n${output}`));
    }, 20_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const listening = /is listening on (http:\/\/\S+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, address: listening[1], output: () => output, exited });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Resolves once the program has written a line matching `pattern` (within 10 s). */
export async function waitForOutput(running: Running, pattern: RegExp): Promise<void> {
  const until = Date.now() + 10_000;
  while (!pattern.test(running.output())) {
    if (Date.now() > until) throw new Error(`no output matching ${pattern}:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs the program to its end (for the failures that stop it at start). */
export function runToExit(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PROGRAM, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}
