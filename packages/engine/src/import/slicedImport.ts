// An import as the worker thread hands it over: its endpoints and schemas stay JSON text until a
// slice of them is asked for, as the store writes them, so each slice's objects die young. Parsed
// all at once they would fill the young generation, and every collection while the import is
// written would copy them: pauses of tens of ms that every request waits through.
import type { ImportedEndpoint, SchemaMaster } from '@sandbox/contracts';
import type { importOpenApi } from './importOpenApi.js';

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

/** Items read a slice at a time: an array is one; so is a list parsed only as it is sliced. */
export interface Sliced<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/** importOpenApi's result, with the re-import baseline to store (made on the worker thread). */
export type ImportedApi = ReturnType<typeof importOpenApi> & { storedBaseline?: string };

export type SlicedImport = Omit<ImportedApi, 'endpoints' | 'schemas'> & {
  endpoints: Sliced<ImportedEndpoint>;
  schemas: Sliced<SchemaMaster>;
};

/** The texts of `joined`, each made an item by `read` when a slice holding it is asked for. */
function slicedTexts<T>({ bytes, ends, byteEnds }: JoinedTexts, read: (text: string) => T): Sliced<T> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    length: ends.length,
    slice(start, end) {
      const last = Math.min(end, ends.length);
      if (start >= last) return [];
      const firstChar = start === 0 ? 0 : (ends[start - 1] as number);
      const firstByte = start === 0 ? 0 : (byteEnds[start - 1] as number);
      // one decoded run a slice; each text a slice of it, which refers to it rather than copying
      const run = buffer.toString('utf8', firstByte, byteEnds[last - 1]);
      const items: T[] = [];
      for (let i = start, from = 0; i < last; i++) {
        const to = (ends[i] as number) - firstChar;
        items.push(read(run.slice(from, to)));
        from = to;
      }
      return items;
    },
  };
}

/** The worker's parts as an import to write: small lists parsed now, endpoints and schemas as sliced. */
export function slicedImport({ fields, lists, operations }: ImportParts): SlicedImport {
  const read: Record<string, unknown> = { ...fields };
  for (const [key, joined] of Object.entries(lists)) {
    if (key === 'endpoints' || key === 'schemas') continue;
    read[key] = slicedTexts(joined, JSON.parse).slice(0, joined.ends.length);
  }
  const texts = slicedTexts(lists.endpoints as JoinedTexts, (text) => JSON.parse(text) as ImportedEndpoint);
  const declared = slicedTexts(operations, (text) => text);
  read.endpoints = {
    length: texts.length,
    slice(start: number, end: number) {
      const endpoints = texts.slice(start, end);
      const operationJsons = declared.slice(start, end);
      endpoints.forEach((endpoint, i) => {
        if (operationJsons[i]) endpoint.operationJson = operationJsons[i];
      });
      return endpoints;
    },
  } satisfies Sliced<ImportedEndpoint>;
  read.schemas = slicedTexts(lists.schemas as JoinedTexts, (text) => JSON.parse(text) as SchemaMaster);
  return read as SlicedImport;
}

/** Read a slice at a time, with a pause for waiting requests between two. */
const SLICE_ITEMS = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function all<T>(items: Sliced<T>): Promise<T[]> {
  const read: T[] = [];
  for (let i = 0; i < items.length; i += SLICE_ITEMS) {
    read.push(...items.slice(i, i + SLICE_ITEMS));
    await nextTurn();
  }
  return read;
}

/** The whole import at once (a re-import compares all of it), parsed a slice at a time. */
export async function inFull(imported: SlicedImport): Promise<ImportedApi> {
  return { ...imported, endpoints: await all(imported.endpoints), schemas: await all(imported.schemas) };
}
