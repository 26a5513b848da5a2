import multipart from '@fastify/multipart';
import {
  apiFormMessages,
  IMPORT_FILE_EXTENSIONS,
  type ImportAnswer,
  ROLE_DEVELOPER,
  ZImportFields,
} from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/guard.js';
import { Invalid } from '../http/errors.js';
import { zUploadedFile } from '../http/openApi.js';
import { parseWith } from '../http/validate.js';
import { MAX_IMPORT_BYTES } from '../import/ImportError.js';
import { createImportWorker } from '../import/importInWorker.js';
import type { ApisService } from './service.js';

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

const importSchema = {
  tags: ['APIs'],
  summary: 'Import an OpenAPI 3.x or Swagger 2.0 document as a new API (the New API form)',
  consumes: ['multipart/form-data'],
  body: ZImportFields.extend({
    multipartFile: zUploadedFile('The document: a .json, .yaml or .yml file of at most 10 MB'),
  }),
  response: { 201: { description: 'The new API (ApiMaster) and what the import could not keep (warnings)' } },
};

/** spec §7: POST /api/api-config-master/swagger/upload — the New API modal's multipart form. */
export async function importRoutes(app: FastifyInstance, apis: ApisService): Promise<void> {
  const importer = createImportWorker();
  app.addHook('onClose', () => importer.close());
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 10, fieldSize: 10_000, parts: 12 },
    });

    scope.post(
      '/api/api-config-master/swagger/upload',
      { config: { minRole: ROLE_DEVELOPER }, schema: importSchema },
      async (request, reply) => {
        if (!request.isMultipart()) throw new Invalid('Send the file as multipart/form-data');
        const fields: Record<string, string> = {};
        let file: { name: string; pieces: Buffer[] } | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'multipartFile')
              throw new Invalid(`Unexpected file field "${part.fieldname}"`);
            const pieces = await readPieces(part.file);
            if (part.file.truncated) throw new scope.multipartErrors.RequestFileTooLargeError();
            file = { name: part.filename, pieces };
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
        const meta = parseWith(ZImportFields, fields);
        if (!file) throw new Invalid(apiFormMessages.fileRequired);
        const lower = file.name.toLowerCase();
        if (!IMPORT_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
          throw new Invalid(
            apiFormMessages.invalidFileFormat,
            `${file.name}: use a .json, .yaml or .yml file`,
          );
        }
        const imported = await importer.importOpenApi(file.pieces, file.name);
        const created = await apis.createFromImport(
          currentUser(request),
          {
            name: meta.apiName,
            description: meta.apiDescription,
            version: meta.apiVersion,
            isAuthRequired: meta.isAuthRequired === 'true',
          },
          imported,
        );
        const answer: ImportAnswer = { ...created, warnings: imported.warnings ?? [] };
        return reply.status(201).send(answer);
      },
    );
  });
}
