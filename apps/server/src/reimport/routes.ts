import { type ReimportAnswer, ROLE_DEVELOPER, ZReimportFields, ZReimportQuery } from '@sandbox/contracts';
import { inFull } from '@sandbox/engine/import/slicedImport';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApisService } from '../apis/service.js';
import {
  type DocumentImporter,
  documentOfForm,
  importDocumentFields,
  readImportForm,
} from '../apis/service.js';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import { createReimportService } from './service.js';

const ZApiParams = z.object({ apiMasterId: z.coerce.number().int().positive() });

const reimportSchema = {
  tags: ['APIs'],
  summary: 'Re-import a changed document into an existing API (Update from file)',
  description:
    'The same multipart form as the New API upload (a file, or a URL; OpenAPI, Swagger or a Postman ' +
    'Collection), its name, description and version optional (the API keeps its own). `?dryRun=true` ' +
    'answers what would change and changes nothing; otherwise the document is applied in one ' +
    'transaction, keeping what was set by hand on what remains.',
  consumes: ['multipart/form-data'],
  params: ZApiParams,
  querystring: ZReimportQuery,
  body: ZReimportFields.extend(importDocumentFields),
  response: {
    200: {
      description:
        'ReimportAnswer: `summary` of the changes, `keptEdits` (hand edits kept over the document), ' +
        '`warnings`, and `api` once applied',
    },
  },
};

/**
 * POST /api/api-config-master/{apiMasterId}/swagger/upload — registered in the import scope, whose
 * multipart limits and import worker it shares with the New API upload.
 */
export function reimportRoute(scope: FastifyInstance, apis: ApisService, importer: DocumentImporter): void {
  const reimports = createReimportService(apis);
  scope.post(
    '/api/api-config-master/:apiMasterId/swagger/upload',
    { config: { minRole: ROLE_DEVELOPER }, schema: reimportSchema },
    async (request): Promise<ReimportAnswer> => {
      const user = currentUser(request);
      const { apiMasterId } = parseWith(ZApiParams, request.params);
      const dryRun = parseWith(ZReimportQuery, request.query).dryRun === 'true';
      // another team's API is not found before its document is read
      await apis.apiOf(user, apiMasterId);
      const form = await readImportForm(request);
      const meta = parseWith(ZReimportFields, form.fields);
      // a re-import compares the whole document with the API: all of it, parsed a slice at a time
      const imported = await inFull(await documentOfForm(form, importer));
      if (dryRun) return reimports.preview(user, apiMasterId, imported);
      return reimports.apply(user, apiMasterId, imported, {
        name: meta.apiName,
        description: meta.apiDescription,
        version: meta.apiVersion,
        isAuthRequired: meta.isAuthRequired === undefined ? undefined : meta.isAuthRequired === 'true',
      });
    },
  );
}
