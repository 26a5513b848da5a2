// The import worker thread: reads one uploaded document at a time with importOpenApi, away from the
// event loop that serves every team's requests. Started by importInWorker.ts.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../http/errors.js';
import { importOpenApi } from './importOpenApi.js';

export interface ImportJob {
  id: number;
  /** The document's bytes, in the pieces they arrived in. */
  pieces: Uint8Array[];
  fileName: string;
}

/**
 * The imported API with each item of its lists as JSON text: strings cross to the main thread at
 * the cost of a copy, and the main thread can then rebuild the objects a slice at a time.
 */
export interface ImportParts {
  fields: Record<string, unknown>;
  lists: Record<string, string[]>;
}

export type ImportOutcome =
  | { id: number; started: true }
  | { id: number; parts: ImportParts }
  | { id: number; refused: { name: string; statusCode: number; message: string; detail?: string } }
  | { id: number; failed: string };

function toParts(imported: object): ImportParts {
  const parts: ImportParts = { fields: {}, lists: {} };
  for (const [key, value] of Object.entries(imported)) {
    if (Array.isArray(value)) parts.lists[key] = value.map((item) => JSON.stringify(item));
    else parts.fields[key] = value;
  }
  return parts;
}

function run({ id, pieces, fileName }: ImportJob): ImportOutcome {
  try {
    const text = Buffer.concat(pieces).toString('utf8');
    return { id, parts: toParts(importOpenApi(text, fileName)) };
  } catch (error) {
    if (error instanceof AppError) {
      const { name, statusCode, message, detail } = error;
      return { id, refused: { name, statusCode, message, detail } };
    }
    return { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (job: ImportJob) => {
  // The parent's time limit counts from here, not from the worker's start-up.
  parentPort?.postMessage({ id: job.id, started: true });
  parentPort?.postMessage(run(job));
});
