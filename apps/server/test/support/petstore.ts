// A small OpenAPI 3.0 document in YAML, shaped like the ones users import.
export const petstoreYaml = `
openapi: 3.0.3
info:
  title: Petstore
  version: 1.0.0
  description: Pets and their owners
paths:
  /pets:
    get:
      tags: [pets]
      operationId: listPets
      summary: List pets
      parameters:
        - name: limit
          in: query
          description: How many to return
          schema: { type: integer, minimum: 1, maximum: 100 }
        - name: X-Request-Id
          in: header
          required: true
          schema: { type: string, format: uuid }
      responses:
        '200':
          description: A list of pets
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Pet' }
    post:
      tags: [pets]
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewPet' }
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '422':
          description: Invalid pet
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        schema: { type: string }
    get:
      tags: [pets]
      operationId: getPet
      responses:
        '200':
          description: One pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '404':
          description: Not found
    delete:
      tags: [pets]
      operationId: deletePet
      responses:
        '204':
          description: Deleted
  /owners:
    get:
      tags: [owners]
      operationId: listOwners
      responses:
        '200':
          description: Owners
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Owner' }
components:
  schemas:
    NewPet:
      type: object
      required: [name]
      properties:
        name: { type: string, minLength: 1, maxLength: 40, example: Rex }
        tag: { type: string, enum: [dog, cat, bird] }
        owner: { $ref: '#/components/schemas/Owner' }
        address:
          type: object
          properties:
            city: { type: string }
            zip: { type: string, maxLength: 10 }
    Pet:
      allOf:
        - $ref: '#/components/schemas/NewPet'
        - type: object
          required: [id]
          properties:
            id: { type: string, format: uuid }
    Owner:
      type: object
      properties:
        email: { type: string, format: email }
        pets:
          type: array
          items: { $ref: '#/components/schemas/Pet' }
`;
