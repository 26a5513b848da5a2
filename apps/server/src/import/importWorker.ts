// The import worker thread: reads one uploaded document at a time with importOpenApi, away from the
// event loop that serves every team's requests. Started by importInWorker.ts.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../http/errors.js';
import { encodeBaseline } from './baseline.js';
import { importOpenApi } from './importOpenApi.js';

type ImportedApi = ReturnType<typeof importOpenApi>;

export interface ImportJob {
  id: number;
  /** The document's bytes, in the pieces they arrived in. */
  pieces: Uint8Array[];
  fileName: string;
}

/**
 * Many texts joined into one and encoded as UTF-8 bytes, with where each text ends, in characters
 * and in bytes. The bytes move to the main thread without a copy and decode there a slice of texts at
 * a time (as they are written) into large strings, which V8 keeps out of its young generation, each text a slice of one.
 * Strings posted as they are would be rebuilt on the main thread (some 40 ms for 10 MB) and,
 * thousands of small ones, copied by every minor garbage collection while the import is written;
 * 10 MB decoded at once held the main thread as long: pauses every request would wait through.
 */
export interface JoinedTexts {
  bytes: Uint8Array;
  ends: number[];
  byteEnds: number[];
}

/**
 * The imported API with each item of its lists as JSON text, which the main thread parses a slice
 * at a time (slicedImport.ts); each endpoint's declared operation stays text (it is stored as it is). Its fields
 * include `storedBaseline`, what a re-import is later told by, ready to store.
 */
export interface ImportParts {
  fields: Record<string, unknown>;
  lists: Record<string, JoinedTexts>;
  operations: JoinedTexts;
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
