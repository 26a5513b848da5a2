import type { LoggedRequest, RequestLogPage } from '@sandbox/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../testApp.js';

/** A small document whose calls show each thing the log records: stored records, an example, an API key. */
export const notesYaml = `
openapi: 3.0.3
info: { title: Notes, version: 1.0.0 }
components:
  securitySchemes:
    partnerKey: { type: apiKey, in: header, name: X-Partner-Key }
  schemas:
    Note:
      type: object
      required: [text]
      properties:
        id: { type: string, readOnly: true }
        text: { type: string, maxLength: 100000 }
paths:
  /notes:
    get:
      responses:
        '200':
          description: Notes
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Note' } }
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Note' }
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Note' }
  /notes/{noteId}:
    get:
      parameters:
        - { name: noteId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: One note
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Note' }
  /greeting:
    get:
      security: [{ partnerKey: [] }]
      responses:
        '200':
          description: A greeting
          content:
            application/json:
              schema: { type: object, properties: { hello: { type: string } } }
              example: { hello: world }
`;

type Headers = Record<string, string>;

export function readLog(app: TestApp, headers: Headers, apiMasterId: number, query = '') {
  return app.server.inject({
    url: `/api/api-config-master/${apiMasterId}/requests${query ? `?${query}` : ''}`,
    headers,
  });
}

/** The log's newest entries once it holds at least `count` (calls are written within ~200 ms). */
export async function logHolding(
  app: TestApp,
  headers: Headers,
  apiMasterId: number,
  count: number,
  query = '',
): Promise<LoggedRequest[]> {
  let page: RequestLogPage = { items: [], nextBefore: null, gaps: [] };
  await expect
    .poll(
      async () => {
        page = (await readLog(app, headers, apiMasterId, query)).json();
        return page.items.length;
      },
      { timeout: 5000, interval: 50 },
    )
    .toBeGreaterThanOrEqual(count);
  return page.items;
}
