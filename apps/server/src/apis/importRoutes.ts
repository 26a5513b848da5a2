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
import { parseWith } from '../http/validate.js';
import { importOpenApi, MAX_IMPORT_BYTES } from '../import/importOpenApi.js';
import type { ApisService } from './service.js';

/** spec §7: POST /api/api-config-master/swagger/upload — the New API modal's multipart form. */
export async function importRoutes(app: FastifyInstance, apis: ApisService): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 10, fieldSize: 10_000, parts: 12 },
    });

    scope.post(
      '/api/api-config-master/swagger/upload',
      { config: { minRole: ROLE_DEVELOPER } },
      async (request, reply) => {
        if (!request.isMultipart()) throw new Invalid('Send the file as multipart/form-data');
        const fields: Record<string, string> = {};
        let file: { name: string; content: Buffer } | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'multipartFile')
              throw new Invalid(`Unexpected file field "${part.fieldname}"`);
            // toBuffer() throws a 413 past the size limit, before the rest is read.
            file = { name: part.filename, content: await part.toBuffer() };
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
        const imported = importOpenApi(file.content.toString('utf8'), file.name);
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
