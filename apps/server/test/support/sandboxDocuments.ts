// Small documents for the sandbox's integration tests, beside the pet store they all start from.

/** Notes changed in place: PUT replaces one, PATCH changes some of its fields. */
export const notesYaml = `
openapi: 3.0.3
info: { title: Notes, version: '1.0' }
paths:
  /notes:
    get:
      responses:
        '200': { description: Notes, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
      responses:
        '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
  /notes/{noteId}:
    parameters: [{ name: noteId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: A note, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '404': { description: Not found }
    put:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
      responses:
        '200': { description: Replaced, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
    patch:
      requestBody: { required: true, content: { application/json: { schema: { type: object, properties: { done: { type: boolean } } } } } }
      responses:
        '200': { description: Changed, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
    delete:
      responses:
        '204': { description: Deleted }
components:
  schemas:
    Note:
      type: object
      properties:
        id: { type: string }
        title: { type: string, maxLength: 60 }
        done: { type: boolean }
`;

/** An account whose id only answers carry and whose password only requests carry. */
export const accountsYaml = `
openapi: 3.0.3
info: { title: Accounts, version: '1.0' }
paths:
  /accounts:
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Account' } } } }
      responses:
        '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Account' } } } }
  /accounts/{accountId}:
    get:
      parameters: [{ name: accountId, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: An account, content: { application/json: { schema: { $ref: '#/components/schemas/Account' } } } }
components:
  schemas:
    Account:
      type: object
      required: [id, email, password]
      properties:
        id: { type: string, readOnly: true }
        email: { type: string, format: email }
        password: { type: string, writeOnly: true, minLength: 8 }
`;

/**
 * Orders whose bodies are all inline, none named: a catalog row keeps no `multipleOf`, so a value
 * only the declared schema refuses (a quantity of 10) tells whose schema a feature read.
 */
export const inlineOrdersYaml = `
openapi: 3.0.3
info: { title: Orders, version: '1.0' }
paths:
  /orders:
    get:
      responses:
        '200':
          description: Orders
          content:
            application/json:
              schema:
                type: array
                items:
                  type: object
                  required: [id, quantity]
                  properties:
                    id: { type: string, format: uuid }
                    quantity: { type: integer, minimum: 7, maximum: 700, multipleOf: 7 }
                    customer: { type: object, properties: { email: { type: string, format: email } } }
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [quantity]
              properties:
                quantity: { type: integer, minimum: 7, maximum: 700, multipleOf: 7 }
                note: { type: string, maxLength: 40 }
      responses:
        '201': { description: Created }
`;
