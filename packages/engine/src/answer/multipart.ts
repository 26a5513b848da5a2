import busboy from 'busboy';

/** Parts of one form at most: the body's 1 MB bound keeps each small, this keeps their count small. */
const MAX_PARTS = 1000;

/**
 * The fields of a `multipart/form-data` body (RFC 7578) in their order, by busboy: a file part's
 * content is read as text, for the schema's `format: binary` string to accept.
 */
export function multipartFields(body: string, contentType: string): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    const fields: [string, string][] = [];
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { parts: MAX_PARTS, fields: MAX_PARTS, files: MAX_PARTS },
    });
    parser.on('field', (name, value) => fields.push([name, value]));
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => fields.push([name, Buffer.concat(chunks).toString('utf8')]));
    });
    parser.on('partsLimit', () => reject(new Error('too many parts')));
    parser.on('error', reject);
    parser.on('close', () => resolve(fields));
    parser.end(Buffer.from(body, 'utf8'));
  });
}
