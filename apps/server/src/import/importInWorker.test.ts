import { ImportError } from '@sandbox/engine/import/ImportError';
import { importOpenApi } from '@sandbox/engine/import/importOpenApi';
import { inFull } from '@sandbox/engine/import/slicedImport';
import { afterEach, describe, expect, it } from 'vitest';
import { generateLargeDocument } from '../../../../packages/engine/test/support/import/generateDocument.js';
import { documentWithSchemas } from '../../../../packages/engine/test/support/import/importHelpers.js';
import { swagger2Petstore } from '../../../../packages/engine/test/support/import/petstores.js';
import { refusalOf } from '../../test/support/import/refusalOf.js';
import { TooManyRequests } from '../http/errors.js';
import { encodeBaseline } from './baseline.js';
import { createImportWorker, type ImportWorker } from './importInWorker.js';

const bytes = (text: string) => [Buffer.from(text, 'utf8')];

/** What reading `text` on this thread gives, with the baseline to store the worker adds. */
function readHere(text: string, fileName: string) {
  const imported = importOpenApi(text, fileName);
  return { ...imported, storedBaseline: encodeBaseline(imported) };
}

describe('importing on a worker thread', () => {
  let importer: ImportWorker;
  afterEach(() => importer.close());

  it('reads a document to the same result as importOpenApi, with the baseline to store', async () => {
    importer = createImportWorker();
    for (const [text, fileName] of [
      [JSON.stringify(swagger2Petstore()), 'petstore.json'],
      [JSON.stringify(generateLargeDocument({ operations: 60 })), 'generated.json'],
    ] as const) {
      expect(await inFull(await importer.importOpenApi(bytes(text), fileName))).toEqual(
        readHere(text, fileName),
      );
    }
  });

  it('reads back non-ASCII text of a document larger than one decoded run, each text whole', async () => {
    importer = createImportWorker();
    const document = generateLargeDocument({ operations: 400 });
    const say = 'Größe, 日本語の説明, emoji 🐕 — ';
    for (const item of Object.values(document.paths as Record<string, Record<string, object>>))
      for (const [method, operation] of Object.entries(item))
        if (method !== 'parameters') Object.assign(operation, { description: say.repeat(200) });
    const text = JSON.stringify(document);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * 1024 * 1024);
    expect(await inFull(await importer.importOpenApi(bytes(text), 'wide.json'))).toEqual(
      readHere(text, 'wide.json'),
    );
  });

  it('gives any slice of the endpoints and schemas as the whole lists have them', async () => {
    importer = createImportWorker();
    const text = JSON.stringify(generateLargeDocument({ operations: 120 }));
    const read = await importer.importOpenApi(bytes(text), 'generated.json');
    const whole = importOpenApi(text, 'generated.json');
    expect(read.endpoints).toHaveLength(whole.endpoints.length);
    expect(read.endpoints.slice(7, 93)).toEqual(whole.endpoints.slice(7, 93));
    expect(read.endpoints.slice(110, 500)).toEqual(whole.endpoints.slice(110, 500));
    expect(read.endpoints.slice(500, 600)).toEqual([]);
    expect(read.schemas.slice(3, 11)).toEqual(whole.schemas.slice(3, 11));
  });

  it('refuses a broken document with the ImportError importOpenApi throws, line and pointer included', async () => {
    importer = createImportWorker();
    const unsupported = JSON.stringify({ ...documentWithSchemas({}), openapi: '4.0.0' });
    for (const [text, fileName] of [
      ['{\n  "openapi": "3.0.0",\n  "paths": {,}\n}', 'api.json'],
      ['openapi: 3.0.0\npaths:\n  /a: [1, 2\ninfo: {}\n', 'api.yaml'],
      [unsupported, 'api.json'],
    ]) {
      const error = await refusalOf(importer.importOpenApi(bytes(text), fileName));
      expect(error).toBeInstanceOf(ImportError);
      let expected: ImportError | undefined;
      try {
        importOpenApi(text, fileName);
      } catch (thrown) {
        expected = thrown as ImportError;
      }
      expect({ message: error.message, detail: (error as ImportError).detail }).toEqual({
        message: expected?.message,
        detail: expected?.detail,
      });
    }
  });

  it('refuses an import beyond its queue instead of queuing it', async () => {
    importer = createImportWorker({ maxWaiting: 1 });
    const petstore = () => bytes(JSON.stringify(swagger2Petstore()));
    const running = importer.importOpenApi(petstore(), 'one.json');
    const waiting = importer.importOpenApi(petstore(), 'two.json');
    const refused = await refusalOf(importer.importOpenApi(petstore(), 'three.json'));
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect(refused.message).toBe('The server is busy importing other documents: try again in a moment');
    expect((await running).title).toBe('Swagger Petstore');
    expect((await waiting).title).toBe('Swagger Petstore');
  });

  it('abandons a document read for longer than its time limit, and reads the next on a fresh worker', async () => {
    // A limit that a 6,000-operation document (1.3 s here) passes several times over and a small one read by a cold
    // worker on a busy machine does not (at 50 ms, the small one was sometimes abandoned too).
    importer = createImportWorker({ timeLimitMs: 400 });
    const large = bytes(JSON.stringify(generateLargeDocument({ operations: 6000 })));
    const abandoned = refusalOf(importer.importOpenApi(large, 'large.json'));
    const next = importer.importOpenApi(bytes(JSON.stringify(swagger2Petstore())), 'small.json');
    const error = await abandoned;
    expect(error).toBeInstanceOf(ImportError);
    expect(error.message).toBe('The document takes too long to import');
    expect((await next).title).toBe('Swagger Petstore');
  });
});
