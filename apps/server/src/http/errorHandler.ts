import { ROLE_REFUSAL } from '@sandbox/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, RoleRefused, TooManyRequests } from './errors.js';

// DESIGN §4: every failure of the control-plane API is `{ message, detail? }`; bad input never yields a 500.
const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
  FST_FILES_LIMIT: 'Too many files',
  FST_PARTS_LIMIT: 'Too many form fields',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the form as multipart/form-data',
};

// The multipart parser (busboy) throws plain errors, without a code or status, for a form it cannot
// read: the client sent it, so the client is told why.
const malformedForms: [RegExp, string][] = [
  [/^Multipart: Boundary not found/, 'The Content-Type header names no boundary'],
  [
    /unexpected end of multipart data/i,
    'The body ends before the closing boundary (is the upload cut short?)',
  ],
];

function malformedFormReason(error: Error): string | undefined {
  return malformedForms.find(([pattern]) => pattern.test(error.message))?.[1];
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      const reason = error instanceof RoleRefused ? ROLE_REFUSAL : undefined;
      return reply.status(error.statusCode).send({ message: error.message, detail: error.detail, reason });
    }
    const malformedForm = error.statusCode === undefined ? malformedFormReason(error) : undefined;
    if (malformedForm)
      return reply.status(400).send({ message: 'Malformed form data', detail: malformedForm });
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        fastifyClientErrors[error.code] ?? (error.validation ? 'Invalid request' : error.message);
      return reply
        .status(status)
        .send({ message, detail: error.message !== message ? error.message : undefined });
    }
    if (error instanceof SyntaxError)
      return reply.status(400).send({ message: 'Malformed JSON', detail: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
