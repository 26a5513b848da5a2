import multipart from '@fastify/multipart';
import {
  ROLE_DEVELOPER,
  TEST_DATA_FILE_NAME,
  TEST_DATA_MAX_BYTES,
  TEST_DATA_MIME_TYPES,
  type TestDataTarget,
  testDataMessages,
} from '@sandbox/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { Invalid } from '../http/errors.js';
import { zUploadedFile } from '../http/openApi.js';
import { parseWith } from '../http/validate.js';
import type { TestDataService } from './service.js';

const ZParams = z.object({
  target: z.enum(['request', 'response']),
  endpointId: z.coerce.number().int().positive(),
});
const ZRows = z.array(z.record(z.string(), z.unknown())).max(5000);
const write = { config: { minRole: ROLE_DEVELOPER } };
const tags = ['Test data'];
const rowsAnswer = { 200: { description: "The endpoint's test data rows" } };

const templateSchema = {
  tags,
  summary: 'A CSV template: one column per field of the request or response body',
  params: ZParams,
  response: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } } },
};
const rowsSchema = { tags, summary: "The endpoint's test data", params: ZParams, response: rowsAnswer };
const uploadSchema = {
  tags,
  summary: 'Upload test data: a CSV file, or JSON rows (from the data generator)',
  params: ZParams,
  querystring: z.object({ append: z.enum(['true', 'false']).optional().describe('Keep the rows there are') }),
  body: {
    content: {
      'multipart/form-data': {
        schema: z.object({ file: zUploadedFile(`A .csv file of at most ${TEST_DATA_MAX_BYTES} bytes`) }),
      },
      'application/json': { schema: ZRows },
    },
  },
  response: rowsAnswer,
};

const paramsOf = (request: FastifyRequest) => {
  const { target, endpointId } = parseWith(ZParams, request.params);
  return { target: target as TestDataTarget, endpointId };
};

/** A CSV file (multipart field `file`), or a JSON array of rows (from the data generator). */
async function readUpload(
  request: FastifyRequest,
): Promise<{ csv: string } | { rows: Record<string, unknown>[] }> {
  if (!request.isMultipart()) return { rows: parseWith(ZRows, request.body) };
  const file = await request.file();
  if (!file) throw new Invalid(testDataMessages.fileRequired);
  if (!(TEST_DATA_MIME_TYPES as readonly string[]).includes(file.mimetype)) {
    throw new Invalid(
      testDataMessages.invalidFormat,
      `${file.filename} is ${file.mimetype}; upload a .csv file`,
    );
  }
  return { csv: (await file.toBuffer()).toString('utf8') };
}

// spec §7: /api/api-request/... for the request's rows, /api/api-response/... for the response's.
export async function testDataRoutes(app: FastifyInstance, testData: TestDataService): Promise<void> {
  // spec §6: a Viewer cannot download the CSV template.
  app.get(
    '/api/api-:target/:endpointId/test-sample-download',
    { ...write, schema: templateSchema },
    async (request, reply) => {
      const { target, endpointId } = paramsOf(request);
      const csv = await testData.template(currentUser(request), target, endpointId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${TEST_DATA_FILE_NAME}"`)
        .send(csv);
    },
  );

  app.get('/api/api-:target/:endpointId/test-data', { schema: rowsSchema }, (request) => {
    const { target, endpointId } = paramsOf(request);
    return testData.rows(currentUser(request), target, endpointId);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: TEST_DATA_MAX_BYTES, fields: 5, parts: 6 },
    });
    scope.post(
      '/api/api-:target/:endpointId/test-data-upload/',
      { ...write, schema: uploadSchema },
      async (request) => {
        const { target, endpointId } = paramsOf(request);
        const append = (request.query as { append?: string }).append === 'true';
        return testData.upload(currentUser(request), target, endpointId, await readUpload(request), append);
      },
    );
  });
}
