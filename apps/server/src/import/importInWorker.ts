// Reads uploaded documents on a worker thread: parsing and converting a 10 MB document takes the CPU
// for a second or more, and on the event loop that second would stall every team's sandbox.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportError } from '@sandbox/engine/import/ImportError';
import type { ImportParts } from '@sandbox/engine/import/slicedImport';
import { type SlicedImport, slicedImport } from '@sandbox/engine/import/slicedImport';
import { AppError, TooManyRequests } from '../http/errors.js';
import type { ImportJob, ImportOutcome } from './importWorker.js';

export interface ImportWorkerOptions {
  /** Imports of one team that may wait for the worker; more are refused (429) rather than queued. */
  maxWaiting?: number;
  /** A document still being read after this long is refused and its worker replaced. */
  timeLimitMs?: number;
  /** The worker's heap: a document needing more is refused, and the server lives on. */
  maxHeapMb?: number;
  /** A worker left idle this long is stopped, giving its memory back. */
  idleMs?: number;
}

export interface ImportWorker {
  /**
   * importOpenApi off the event loop: the same result (its endpoints and schemas read a slice at a
   * time; `inFull` has them all), the same ImportError for a bad document. The document is given as
   * the pieces it arrived in; their memory moves to the worker thread, so the caller must not use
   * them afterwards. `team` is whose import it is: the worker takes turns between teams.
   */
  importOpenApi(pieces: Uint8Array[], fileName: string, team?: number): Promise<SlicedImport>;
  close(): Promise<void>;
}

interface Pending {
  job: ImportJob;
  team?: number;
  turn: number;
  resolve: (parts: ImportParts) => void;
  reject: (error: Error) => void;
}

// One worker: the machine's other cores serve requests. A short queue per team, so a burst of
// uploads (each holding up to 10 MB) cannot pile up work and memory without bound.
const DEFAULTS: Required<ImportWorkerOptions> = {
  maxWaiting: 4,
  timeLimitMs: 60_000,
  maxHeapMb: 1024,
  idleMs: 10_000,
};

// Beside this module: importWorker.ts among the sources; in the build, importWorker.js beside main.js,
// an entry of its own (scripts/buildProduct.mjs).
const entry = new URL(`./importWorker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function spawn(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  // Running from the TypeScript sources (tsx in development, vitest in tests): on Node 20 a worker's
  // own `--import tsx` does not reach its entry module, so the worker registers tsx, then imports it.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const bootstrap = `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

export function createImportWorker(options: ImportWorkerOptions = {}): ImportWorker {
  const { maxWaiting, timeLimitMs, maxHeapMb, idleMs } = { ...DEFAULTS, ...options };
  const waiting: Pending[] = [];
  let running: (Pending & { on: Worker; timer?: NodeJS.Timeout }) | undefined;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;
  // The worker takes turns between teams (issue 25): an import's turn is one past that of its team's
  // last import still waiting or running, and never before the turn being served; the lowest turn
  // goes next, the oldest first among equals. So one team's fifth large document waits behind other
  // teams' first ones, and a team with nothing queued waits at most for the import running.
  let turnServed = 0;

  function turnOf(team: number | undefined): number {
    const ahead = [...waiting, ...(running ? [running] : [])].filter((pending) => pending.team === team);
    return ahead.length > 0 ? Math.max(...ahead.map((pending) => pending.turn)) + 1 : turnServed;
  }

  function takeTurn(): Pending | undefined {
    let taken: Pending | undefined;
    for (const pending of waiting) if (!taken || pending.turn < taken.turn) taken = pending;
    if (!taken) return undefined;
    waiting.splice(waiting.indexOf(taken), 1);
    turnServed = taken.turn;
    return taken;
  }

  function finishRunning(): Pending | undefined {
    const finished = running;
    if (finished) clearTimeout(finished.timer);
    running = undefined;
    return finished;
  }

  /** Stops a worker; whatever it was running fails, and the next import gets a fresh worker. */
  function retire(retired: Worker): void {
    if (worker === retired) worker = undefined;
    void retired.terminate();
  }

  function start(): Worker {
    const started = spawn(maxHeapMb);
    started.on('message', (outcome: ImportOutcome) => {
      if (outcome.id !== running?.job.id) return;
      if ('started' in outcome) {
        running.timer = setTimeout(() => abandon(started), timeLimitMs);
        return;
      }
      const pending = finishRunning() as Pending;
      if ('parts' in outcome) pending.resolve(outcome.parts);
      else if ('refused' in outcome) pending.reject(refusalOf(outcome.refused));
      else pending.reject(new Error(`the import worker failed: ${outcome.failed}`));
      next();
    });
    started.on('error', (error: Error & { code?: string }) => {
      if (running?.on !== started) return;
      finishRunning()?.reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ImportError('The document is too large to import', `reading it needs over ${maxHeapMb} MB`)
          : error,
      );
    });
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      if (running?.on === started) finishRunning()?.reject(new Error('the import worker stopped'));
      next();
    });
    return started;
  }

  function next(): void {
    if (running || closed) return;
    const pending = takeTurn();
    clearTimeout(idleTimer);
    if (!pending) {
      const idle = worker;
      // An idle worker must not keep the process alive; a busy one must, as its caller waits.
      idle?.unref();
      if (idle) idleTimer = setTimeout(() => retire(idle), idleMs).unref();
      return;
    }
    worker ??= start();
    worker.ref();
    running = { ...pending, on: worker };
    worker.postMessage(pending.job, pending.job.pieces.flatMap(movable));
  }

  function abandon(on: Worker): void {
    finishRunning()?.reject(
      new ImportError('The document takes too long to import', `the limit is ${timeLimitMs / 1000} s`),
    );
    retire(on);
    next();
  }

  return {
    async importOpenApi(pieces, fileName, team) {
      if (closed) throw new Error('the import worker is closed');
      if (waiting.filter((pending) => pending.team === team).length >= maxWaiting) {
        throw new TooManyRequests('The server is busy importing other documents: try again in a moment', 10);
      }
      const parts = await new Promise<ImportParts>((resolve, reject) => {
        const job = { id: nextId++, pieces, fileName };
        waiting.push({ job, team, turn: turnOf(team), resolve, reject });
        next();
      });
      return slicedImport(parts);
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const pending of waiting.splice(0)) pending.reject(new Error('the server is shutting down'));
      await worker?.terminate();
    },
  };
}

/**
 * Moving 10 MB to the worker costs nothing where copying it would hold the event loop. A small
 * Buffer may be a slice of Node's shared pool, which must stay: that one is copied.
 */
function movable(piece: Uint8Array): ArrayBuffer[] {
  return piece.buffer.byteLength > Buffer.poolSize ? [piece.buffer as ArrayBuffer] : [];
}

function refusalOf({
  name,
  statusCode,
  message,
  detail,
}: Extract<ImportOutcome, { refused: unknown }>['refused']) {
  return name === ImportError.name
    ? new ImportError(message, detail)
    : new AppError(statusCode, message, detail);
}
