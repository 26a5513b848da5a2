// The import worker thread: reads one uploaded document at a time with importOpenApi, away from the
// event loop that serves every team's requests. Started by importInWorker.ts.
import { parentPort } from 'node:worker_threads';
import { importOpenApi } from '@sandbox/engine/import/importOpenApi';
import type { ImportParts, JoinedTexts } from '@sandbox/engine/import/slicedImport';
import { AppError } from '../http/errors.js';
import { encodeBaseline } from './baseline.js';

type ImportedApi = ReturnType<typeof importOpenApi>;

export interface ImportJob {
  id: number;
  /** The document's bytes, in the pieces they arrived in. */
  pieces: Uint8Array[];
  fileName: string;
}

export type ImportOutcome =
  | { id: number; started: true }
  | { id: number; parts: ImportParts }
  | { id: number; refused: { name: string; statusCode: number; message: string; detail?: string } }
  | { id: number; failed: string };

function joined(texts: string[]): JoinedTexts {
  let end = 0;
  let byteEnd = 0;
  const ends = texts.map((text) => (end += text.length));
  const byteEnds = texts.map((text) => (byteEnd += Buffer.byteLength(text)));
  return { bytes: new TextEncoder().encode(texts.join('')), ends, byteEnds };
}

/** The buffers to move rather than copy. */
function movable({ lists, operations }: ImportParts): ArrayBuffer[] {
  return [...Object.values(lists), operations].map(({ bytes }) => bytes.buffer as ArrayBuffer);
}

function toParts(imported: ImportedApi): ImportParts {
  const { endpoints, ...rest } = imported;
  const parts: ImportParts = {
    // the re-import baseline: megabytes of JSON to write, gzipped here rather than on the event loop
    fields: { storedBaseline: encodeBaseline(imported) },
    lists: {
      endpoints: joined(endpoints.map(({ operationJson: _, ...endpoint }) => JSON.stringify(endpoint))),
    },
    operations: joined(endpoints.map((endpoint) => endpoint.operationJson ?? '')),
  };
  for (const [key, value] of Object.entries(rest)) {
    if (Array.isArray(value)) parts.lists[key] = joined(value.map((item) => JSON.stringify(item)));
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
  const outcome = run(job);
  parentPort?.postMessage(outcome, 'parts' in outcome ? movable(outcome.parts) : []);
});
