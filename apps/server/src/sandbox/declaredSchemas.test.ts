import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeDocument } from '../../../../packages/engine/test/support/import/generateDocument.js';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// The document's named schemas as written reach the sandbox from the upload, through the import
// worker and the database: XML is named by their xml objects.

// biome-ignore lint/suspicious/noExplicitAny: a generated document, edited in place
type Json = Record<string, any>;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** 2,000 generated operations whose named schemas carry long descriptions, up to just under 10 MB. */
function tenMegabytesOfSchemas(): string {
  const document = generateLargeDocument({ operations: 2000 }) as Json;
  const schemas = document.components.schemas as Record<string, Json>;
  schemas.Invoice0.xml = { name: 'invoice', namespace: 'urn:billing', prefix: 'b' };
  schemas.Resource.properties.id.xml = { attribute: true };
  document.paths['/invoice-xml'] = {
    get: {
      responses: {
        200: {
          description: 'one invoice as XML',
          content: {
            'application/xml': {
              schema: { $ref: '#/components/schemas/Invoice0' },
              example: { id: 'inv-1', name: 'First', quantity: 2 },
            },
          },
        },
      },
    },
  };
  const room = Math.floor(
    (9.9 * 1024 * 1024 - JSON.stringify(document).length) / Object.keys(schemas).length,
  );
  const sentence = 'Describes at length what this schema holds, for whom, and when. ';
  for (const schema of Object.values(schemas)) {
    schema.description = sentence.repeat(Math.ceil(room / sentence.length)).slice(0, room);
  }
  return JSON.stringify(document);
}

const library = `
openapi: 3.0.3
info: { title: Library, version: '1.0' }
paths:
  /book:
    get:
      responses:
        '200':
          description: A book
          content:
            application/xml:
              schema: { $ref: '#/components/schemas/Book' }
              example: { id: 7, title: Dune }
components:
  schemas:
    Book:
      type: object
      xml: { name: book }
      properties:
        id: { type: integer, xml: { attribute: true } }
        title: { type: string }
`;

describe('the sandbox names XML by the document’s named schemas', () => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  /** Imports a document and publishes it; answers its sandbox's path. */
  async function published(
    document: string,
    fileName: string,
    beforePublishing?: (id: number) => Promise<void>,
  ) {
    const imported = await importApi(app, auth, document, fileName);
    expect(imported.statusCode, imported.body).toBe(201);
    const id: number = imported.json().id;
    await beforePublishing?.(id);
    const answer = await app.server.inject({ url: `/api/api-publish/${id}/publish`, headers: auth });
    return {
      base: new URL(answer.json().apiBaseUrl).pathname,
      endpoints: answer.json().apiConfigList.length,
    };
  }

  it('imports a 10 MB document and answers XML named by its schemas', async () => {
    const document = tenMegabytesOfSchemas();
    expect(document.length).toBeGreaterThan(9.5 * 1024 * 1024);
    const { base, endpoints } = await published(document, 'billing.json');
    expect(endpoints).toBe(2001);
    const answer = await app.server.inject({
      url: `${base}/invoice-xml`,
      headers: { accept: 'application/xml' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(
      `${XML_DECLARATION}<b:invoice xmlns:b="urn:billing" id="inv-1"><name>First</name><quantity>2</quantity></b:invoice>`,
    );
  }, 60_000);

  it('names it by the schemas’ xml objects once imported now', async () => {
    const { base } = await published(library, 'library.yaml');
    const answer = await app.server.inject({ url: `${base}/book`, headers: { accept: 'application/xml' } });
    expect(answer.body).toBe(`${XML_DECLARATION}<book id="7"><title>Dune</title></book>`);
  });
});
