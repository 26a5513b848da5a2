import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { apiFormMessages, IMPORT_FILE_EXTENSIONS, MAX_IMPORT_BYTES } from '@sandbox/contracts';
import type { SlicedImport } from '@sandbox/engine/import/slicedImport';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, Invalid, TooLarge } from '../http/errors.js';
import { zUploadedFile } from '../http/openApi.js';
import type { FetchDocument, ImportWorker } from '../import/service.js';
import type { ImportShare } from './importBudget.js';

/** An upload that sent nothing for the idle timeout: a stalled client must not hold its share for long. */
class UploadStalled extends AppError {
  constructor(idleMs: number) {
    super(408, 'The upload stalled', `nothing arrived for ${idleMs / 1000} s`);
  }
}

/** Large enough that 10 MB is ten pieces, small enough that filling one never holds the event loop. */
const PIECE_BYTES = 1024 * 1024;

/**
 * The uploaded file as pieces of memory of its own, which the import worker then takes over without
 * a copy. They are filled chunk by chunk as the upload arrives: gathering 10 MB in one buffer at
 * the end would hold the event loop for tens of milliseconds. Each piece is held in `share` before
 * it is filled, so the budget counts the memory as it is taken, whatever length the request declared.
 */
async function readPieces(
  file: AsyncIterable<Buffer>,
  share: ImportShare | undefined,
  arrived: () => void,
): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  let piece = Buffer.allocUnsafeSlow(0);
  let used = 0;
  for await (const chunk of file) {
    arrived();
    for (let read = 0; read < chunk.length; ) {
      if (used === piece.length) {
        if (used > 0) pieces.push(piece);
        share?.hold(PIECE_BYTES);
        piece = Buffer.allocUnsafeSlow(PIECE_BYTES);
        used = 0;
      }
      const copied = chunk.copy(piece, used, read);
      used += copied;
      read += copied;
    }
  }
  if (used > 0) pieces.push(piece.subarray(0, used));
  return pieces;
}

/** The document of an import form, as the control plane's own description has it: a file, or a URL. */
export const importDocumentFields = {
  multipartFile: zUploadedFile(
    'The document: a .json, .yaml or .yml file of at most 10 MB (OpenAPI, Swagger or Postman Collection)',
  ).optional(),
  url: z.string().url().optional().describe('Instead of a file: the http(s) address of the document'),
};

/** An import form as sent: its text fields and its file (the document), if any. */
export interface ImportForm {
  fields: Record<string, string>;
  file?: { name: string; pieces: Buffer[] };
  /** Its share of the import budget, when read by a route of the import scope. */
  share?: ImportShare;
}

/**
 * The multipart import form of a request (the New API modal's, or a re-import's): fields as text,
 * the file field `multipartFile` read in pieces. A file over the scope's size limit (MAX_IMPORT_BYTES)
 * is refused, naming the limit. Within the import budget, the request's share (`importShare`) holds the file as it
 * arrives, and an upload that sends nothing for its idle timeout is cut off.
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  if (!request.isMultipart()) throw new Invalid('Send the file as multipart/form-data');
  const share = request.importShare ?? undefined;
  const form: ImportForm = { fields: {}, share };
  // A file being read fails with UploadStalled, answered 408; between parts the connection is closed.
  let reading: Readable | undefined;
  const stalled =
    share &&
    setTimeout(
      () => (reading ?? request.raw).destroy(new UploadStalled(share.idleTimeoutMs)),
      share.idleTimeoutMs,
    );
  const arrived = () => stalled?.refresh();
  try {
    for await (const part of request.parts()) {
      arrived();
      if (part.type === 'file') {
        if (part.fieldname !== 'multipartFile')
          throw new Invalid(`Unexpected file field "${part.fieldname}"`);
        reading = part.file;
        const pieces = await readPieces((part as MultipartFile).file, share, arrived);
        reading = undefined;
        if (part.file.truncated) throw new TooLarge(apiFormMessages.fileTooLarge);
        form.file = { name: part.filename, pieces };
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } finally {
    clearTimeout(stalled);
  }
  return form;
}

/** The import worker, and the fetcher of a document given by URL (API Lab's outbound path). */
export interface DocumentImporter extends ImportWorker {
  fetchDocument: FetchDocument;
}

/**
 * The document an import form brings, read by the import worker: its file `multipartFile` (a .json,
 * .yaml or .yml file: OpenAPI, Swagger or a Postman Collection), or the document at its `url` field,
 * whose name needs no extension (JSON or YAML is told by its content type, else its content).
 */
export async function documentOfForm(form: ImportForm, importer: DocumentImporter): Promise<SlicedImport> {
  const url = form.fields.url?.trim();
  if (form.file && url) throw new Invalid('Send either a file or a URL, not both');
  const { share } = form;
  if (url) {
    // a fetched document's size is known once it is read: its most is held while it is fetched
    share?.hold(MAX_IMPORT_BYTES);
    const fetched = await importer.fetchDocument(url);
    share?.giveBack(MAX_IMPORT_BYTES - fetched.pieces.reduce((bytes, piece) => bytes + piece.length, 0));
    return importer.importOpenApi(fetched.pieces, fetched.name, share?.team);
  }
  const { file } = form;
  if (!file) throw new Invalid(apiFormMessages.fileRequired);
  const lower = file.name.toLowerCase();
  if (!IMPORT_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
    throw new Invalid(apiFormMessages.invalidFileFormat, `${file.name}: use a .json, .yaml or .yml file`);
  }
  return importer.importOpenApi(file.pieces, file.name, share?.team);
}
