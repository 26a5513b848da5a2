import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A small petstore, written to a folder of its own for each test.

export const PETSTORE = `openapi: 3.0.3
info: { title: Petstore, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: the pets
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
              example: [{ id: 1, name: Rex }]
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
              example: { id: 2, name: Tom }
  /pets/{petId}:
    get:
      deprecated: true
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: a pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
              example: { id: 1, name: Rex }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer }
        name: { type: string }
`;

/** A new folder holding `files` (name → text); returns the folder. */
export function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-sandbox-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
