import multipart from '@fastify/multipart';
import { type ImportAnswer, MAX_IMPORT_BYTES, ROLE_DEVELOPER, ZImportFields } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/guard.js';
import { teamOf } from '../auth/service.js';
import type { ImportSettings } from '../config.js';
import { parseWith } from '../http/validate.js';
import { createDocumentFetcher, createImportWorker } from '../import/service.js';
import type { OutboundNetwork } from '../outbound/network.js';
import { ImportBudget } from './importBudget.js';
import { type DocumentImporter, documentOfForm, importDocumentFields, readImportForm } from './importForm.js';
import type { ApisService } from './service.js';

const importSchema = {
  tags: ['APIs'],
  summary:
    'Import an OpenAPI 3.x, Swagger 2.0 or Postman Collection v2.1 document as a new API (the New API form)',
  description:
    'The document is the file `multipartFile`, or the one the server fetches from `url` (public http(s) ' +
    'addresses only, as API Lab; 10 MB, 10 s). A Postman Collection is read as the OpenAPI document it ' +
    'converts to; what it holds that the API cannot keep (scripts, variables, other auth) is listed in `warnings`.',
  consumes: ['multipart/form-data'],
  body: ZImportFields.extend(importDocumentFields),
  response: { 201: { description: 'The new API (ApiMaster) and what the import could not keep (warnings)' } },
};

/**
 * spec §7: POST /api/api-config-master/swagger/upload — the New API modal's multipart form.
 * `network` is API Lab's: a URL is fetched under the same address policy and time limit.
 * `settings` bound what imports in progress may hold (ImportBudget) and how long an upload may stall.
 * `moreUploads` registers other document uploads (re-import) under the same limits and importer.
 */
export async function importRoutes(
  app: FastifyInstance,
  apis: ApisService,
  settings: ImportSettings,
  network?: OutboundNetwork,
  moreUploads?: (scope: FastifyInstance, importer: DocumentImporter) => void,
): Promise<void> {
  const importer: DocumentImporter = Object.assign(createImportWorker(), {
    fetchDocument: createDocumentFetcher(network),
  });
  app.addHook('onClose', () => importer.close());
  const budget = new ImportBudget(settings);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 10, fieldSize: 10_000, parts: 12 },
      // a file over the limit arrives cut short, and readImportForm refuses it naming the limit
      throwFileSizeLimit: false,
    });
    // Every import is admitted before a byte of its document is read, and leaves the budget once it
    // is answered or its client is gone ('close' comes either way).
    scope.decorateRequest('importShare', null);
    scope.addHook('preHandler', async (request, reply) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      const share = budget.admit(teamOf(currentUser(request)), declared);
      request.importShare = share;
      reply.raw.once('close', () => share.leave());
    });
    // Answered before its form arrived whole (refused, cut off): the rest of the upload is not read.
    scope.addHook('onSend', async (request, reply) => {
      if (request.raw.complete === false) reply.header('connection', 'close');
    });

    scope.post(
      '/api/api-config-master/swagger/upload',
      { config: { minRole: ROLE_DEVELOPER }, schema: importSchema },
      async (request, reply) => {
        const form = await readImportForm(request);
        const meta = parseWith(ZImportFields, form.fields);
        const imported = await documentOfForm(form, importer);
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
    moreUploads?.(scope, importer);
  });
}
