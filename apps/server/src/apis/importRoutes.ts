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
import { reimportRoute } from '../reimport/routes.js';
import { readImportForm } from './importForm.js';
import type { ApisService } from './service.js';

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
        const { fields, file } = await readImportForm(
          request,
          () => new scope.multipartErrors.RequestFileTooLargeError(),
        );
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
    reimportRoute(scope, apis, importer);
  });
}
