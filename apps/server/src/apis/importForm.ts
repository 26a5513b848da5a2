import type { MultipartFile } from '@fastify/multipart';
import { apiFormMessages, IMPORT_FILE_EXTENSIONS } from '@sandbox/contracts';
import type { FastifyRequest } from 'fastify';
import { Invalid } from '../http/errors.js';
import type { FetchDocument } from '../import/fetchDocument.js';
import type { ImportWorker } from '../import/importInWorker.js';
import type { SlicedImport } from '../import/slicedImport.js';

/** Large enough that 10 MB is ten pieces, small enough that filling one never holds the event loop. */
const PIECE_BYTES = 1024 * 1024;

/**
 * The uploaded file as pieces of memory of its own, which the import worker then takes over without
 * a copy. They are filled chunk by chunk as the upload arrives: gathering 10 MB in one buffer at
 * the end would hold the event loop for tens of milliseconds.
 */
async function readPieces(file: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  let piece = Buffer.allocUnsafeSlow(0);
  let used = 0;
  for await (const chunk of file) {
    for (let read = 0; read < chunk.length; ) {
      if (used === piece.length) {
        if (used > 0) pieces.push(piece);
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

/** An import form as sent: its text fields and its file (the document), if any. */
export interface ImportForm {
  fields: Record<string, string>;
  file?: { name: string; pieces: Buffer[] };
}

/**
 * The multipart import form of a request (the New API modal's, or a re-import's): fields as text,
 * the file field `multipartFile` read in pieces. A file over the scope's size limit is refused with
 * `tooLarge`.
 */
export async function readImportForm(request: FastifyRequest, tooLarge: () => Error): Promise<ImportForm> {
  if (!request.isMultipart()) throw new Invalid('Send the file as multipart/form-data');
  const form: ImportForm = { fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'multipartFile') throw new Invalid(`Unexpected file field "${part.fieldname}"`);
      const pieces = await readPieces((part as MultipartFile).file);
      if (part.file.truncated) throw tooLarge();
      form.file = { name: part.filename, pieces };
    } else {
      form.fields[part.fieldname] = String(part.value);
    }
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
  if (url) {
    const fetched = await importer.fetchDocument(url);
    return importer.importOpenApi(fetched.pieces, fetched.name);
  }
  const { file } = form;
  if (!file) throw new Invalid(apiFormMessages.fileRequired);
  const lower = file.name.toLowerCase();
  if (!IMPORT_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
    throw new Invalid(apiFormMessages.invalidFileFormat, `${file.name}: use a .json, .yaml or .yml file`);
  }
  return importer.importOpenApi(file.pieces, file.name);
}
