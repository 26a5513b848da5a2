import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Invalid } from '../http/errors.js';

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
