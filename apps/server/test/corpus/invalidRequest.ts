// One invalid request per operation that has a body or a required parameter: a required parameter left
// out, a required body property left out, a required body left out, a body of the wrong type, or a path
// parameter its schema refuses; and the place the sandbox's problem must name.

import { type BuiltRequest, buildRequest } from './buildRequest.js';
import { type CorpusDocument, type Json, type Operation, resolve } from './corpusDocuments.js';
import type { SchemaCheck } from './documentSchemas.js';
import { preferredMedia } from './serialiseRequest.js';

export interface InvalidRequest {
  request: BuiltRequest;
  /** What was made wrong, in words. */
  why: string;
  /** The place the refusal must name (`query.limit`, `body.name`, `body`). */
  place: string;
  /** Another name that counts (a missing property may be named at its object). */
  alsoNamed?: string;
}

const CLIENT_HEADERS = /^(accept|content-type|authorization)$/i;

/** Null when the operation has neither a body nor a required parameter that can be made wrong. */
export async function invalidRequestFor(
  corpus: CorpusDocument,
  schemas: SchemaCheck,
  op: Operation,
  valid: BuiltRequest,
): Promise<InvalidRequest | null> {
  const required = op.parameters.find(
    (p) =>
      p.required &&
      p.in !== 'path' &&
      !(p.in === 'header' && CLIENT_HEADERS.test(p.name)) &&
      !carriedBySecurity(op, p.name),
  );
  if (required) {
    const place = `${required.in}.${required.name}`;
    return {
      request: await buildRequest(corpus, schemas, op, { leaveOut: place }),
      why: `required ${place} left out`,
      place: place.toLowerCase().startsWith('header.') ? `header.${required.name.toLowerCase()}` : place,
      alsoNamed: required.in === 'header' ? `header.${required.name}` : undefined,
    };
  }
  const media =
    op.body && op.method !== 'GET' && op.method !== 'HEAD' ? preferredMedia(op.body.media) : undefined;
  const body = valid.values.get('body');
  if (
    media?.schema &&
    body &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    /json|form/i.test(media.type)
  ) {
    const schema = resolve(corpus.doc, media.schema.schema, '').value as Json;
    const requiredProperty = (schema?.required ?? []).find(
      (name: string) => name in body && schema.properties?.[name]?.readOnly !== true,
    );
    if (requiredProperty) {
      const { [requiredProperty]: _left, ...rest } = body as Record<string, unknown>;
      const written = /json/i.test(media.type) ? JSON.stringify(rest) : undefined;
      if (written !== undefined) {
        return {
          request: await buildRequest(corpus, schemas, op, { replace: { place: 'body', raw: written } }),
          why: `required body property ${requiredProperty} left out`,
          place: `body.${requiredProperty}`,
          alsoNamed: 'body',
        };
      }
    }
  }
  if (media && op.body?.required) {
    return {
      request: await buildRequest(corpus, schemas, op, { leaveOut: 'body' }),
      why: 'required body left out',
      place: 'body',
    };
  }
  if (media?.schema && /json/i.test(media.type)) {
    // a JSON value of another type than the schema's
    for (const wrong of [12345, '"corpus"', '[]', '{}', 'true']) {
      const parsed = typeof wrong === 'number' ? wrong : JSON.parse(wrong);
      if (schemas.check('request', media.schema, parsed).length > 0) {
        return {
          request: await buildRequest(corpus, schemas, op, {
            replace: { place: 'body', raw: String(wrong) },
          }),
          why: `body of the wrong type: ${wrong}`,
          place: 'body',
        };
      }
    }
  }
  // a path parameter of one value (an array or object is read from any text per its style)
  const primitive = (p: Operation['parameters'][number]) =>
    ['integer', 'number', 'boolean', 'string'].includes(
      resolve(corpus.doc, p.schema.schema ?? {}, '').value?.type,
    );
  for (const p of op.parameters.filter((q) => q.in === 'path' && primitive(q))) {
    for (const wrong of ['not-a-number', 'zz~corpus~zz', '-1.5']) {
      if (schemas.check('request', p.schema, wrong).length > 0 && stringRefused(schemas, p.schema, wrong)) {
        return {
          request: await buildRequest(corpus, schemas, op, {
            replace: { place: `path.${p.name}`, raw: wrong },
          }),
          why: `path.${p.name} is ${wrong}`,
          place: `path.${p.name}`,
        };
      }
    }
  }
  return null;
}

/** A path segment is text: it is wrong only if no reading of it (text, number, boolean) validates. */
function stringRefused(
  schemas: SchemaCheck,
  at: Operation['parameters'][number]['schema'],
  wrong: string,
): boolean {
  const readings: unknown[] = [wrong];
  if (wrong.trim() !== '' && !Number.isNaN(Number(wrong))) readings.push(Number(wrong));
  return readings.every((r) => schemas.check('request', at, r).length > 0);
}

function carriedBySecurity(op: Operation, name: string): boolean {
  for (const requirement of op.security)
    for (const scheme of Object.keys(requirement ?? {})) if (op.schemes[scheme]?.name === name) return true;
  return false;
}
