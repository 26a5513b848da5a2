import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMockFlags } from '../flags.js';
import { loadMock } from './runMock.js';

// `api-sandbox mock` answers a schema without examples with Prism's static sample, drawn from the
// schema as Prism's reading of the document hands it to the sampler.

async function answerOf(document: string): Promise<unknown> {
  const file = join(mkdtempSync(join(tmpdir(), 'static-sample-')), 'openapi.yaml');
  writeFileSync(file, document);
  const mock = await loadMock(file, readMockFlags([file]));
  const answer = await mock.answer({ method: 'GET', path: '/' });
  return JSON.parse(String(answer.body));
}

const recursive = (openapi: string, schema: string) => `openapi: ${openapi}
paths:
  /:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
${schema}
components:
  schemas:
    content:
      type: object
      properties:
        text: { type: string }
        children:
          type: array
          items:
            $ref: '#/components/schemas/content'
    Node:
      type: object
      properties:
        id: { type: integer }
        next: { $ref: '#/components/schemas/Node' }
        meta: { $ref: '#/components/schemas/Meta' }
    Meta:
      type: object
      properties:
        owner: { $ref: '#/components/schemas/Node' }
`;

describe("a recursive schema's static sample", () => {
  it('goes one level into the recursion before it stops, as Prism does', async () => {
    const body = await answerOf(
      recursive(
        '3.0.0',
        `                type: object
                properties:
                  prop:
                    $ref: '#/components/schemas/content'`,
      ),
    );
    expect(body).toEqual({
      prop: { text: 'string', children: [{ text: 'string', children: [{}] }] },
    });
  });

  it('stops where a schema recurs through another one as Prism does', async () => {
    const body = await answerOf(recursive('3.1.0', `                $ref: '#/components/schemas/Node'`));
    expect(body).toEqual({
      id: 0,
      next: { id: 0, next: {}, meta: { owner: {} } },
      meta: { owner: { id: 0, next: {}, meta: { owner: {} } } },
    });
  });
});
