import { describe, expect, it } from 'vitest';
import { generateLargeDocument } from '../../test/support/import/generateDocument.js';
import { importJson, schemaNamed } from '../../test/support/import/importHelpers.js';
import {
  openApi30PetstoreYaml,
  openApi31Petstore,
  swagger2Petstore,
} from '../../test/support/import/petstores.js';
import { importOpenApi } from './importOpenApi.js';

describe('importOpenApi', () => {
  it('reads a Swagger 2.0 JSON document: definitions, body and formData, produces, shared parameters', () => {
    const api = importJson(swagger2Petstore());
    expect(api).toMatchObject({
      title: 'Swagger Petstore',
      version: '1.0.0',
      description: 'Pets, the Swagger 2.0 way',
    });
    expect(api.endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'GET /pets',
      'POST /pets',
      'GET /pets/{petId}',
      'DELETE /pets/{petId}',
      'OPTIONS /pets/{petId}',
      'POST /pets/{petId}/photo',
    ]);
    const [list, create, show, remove, , upload] = api.endpoints;
    expect(list?.parameterConfigList).toEqual([
      expect.objectContaining({
        keyName: 'limit',
        parameterType: 'query',
        dataType: 'integer',
        defaultValue: '20',
        maximum: 100,
      }),
    ]);
    expect(list?.headerConfigList).toEqual([
      expect.objectContaining({
        headerKey: 'X-Trace-Id',
        dataType: 'string',
        format: 'uuid',
        description: 'Correlation id',
      }),
    ]);
    expect(list?.responseConfigList).toEqual([
      {
        responseCode: '200',
        responseDescription: 'A page of pets',
        responseSchemaName: 'listPetsResponse200',
        contentType: 'application/json',
        example: [{ id: 1, name: 'Rex' }],
      },
      {
        responseCode: 'default',
        responseDescription: 'Unexpected error',
        responseSchemaName: 'Error',
        contentType: 'application/json',
      },
    ]);
    expect(schemaNamed(api, 'listPetsResponse200')).toMatchObject({
      schemaType: 'array',
      itemsType: 'object',
      itemsRef: '#/components/schemas/Pet',
    });
    expect(create?.requestConfigList).toEqual([
      { contentType: 'application/json', schemaName: 'NewPet', isRequired: true },
    ]);
    expect(show?.parameterConfigList).toEqual([
      expect.objectContaining({
        keyName: 'petId',
        parameterType: 'path',
        isRequired: true,
        pattern: '^[0-9]+$',
      }),
    ]);
    expect(show?.responseConfigList[1]).toEqual({
      responseCode: '404',
      responseDescription: 'No such pet',
      responseSchemaName: null,
      contentType: null,
    });
    expect(remove).toMatchObject({ operationId: null, apiTag: 'pets' });
    expect(upload?.requestConfigList).toEqual([
      { contentType: 'multipart/form-data', schemaName: 'uploadPhotoRequest', isRequired: true },
    ]);
    expect(schemaNamed(api, 'uploadPhotoRequest').configProperties).toEqual([
      { jsonKey: 'caption', jsonKeyType: 'string', isMandatory: false, maxLength: 140 },
      { jsonKey: 'file', jsonKeyType: 'string', isMandatory: true },
    ]);
  });

  it('reads an OpenAPI 3.0 YAML document: shared parameters, request bodies and responses by reference', () => {
    const api = importOpenApi(openApi30PetstoreYaml, 'petstore.yaml');
    expect(api).toMatchObject({ title: 'Petstore', version: '2.1.0' });
    expect(api.endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'GET /pets',
      'POST /pets',
      'GET /pets/{petId}',
      'PUT /pets/{petId}',
      'HEAD /pets/{petId}',
    ]);
    const [list, create, show, update] = api.endpoints;
    expect(list).toMatchObject({
      apiTag: 'pets',
      summary: 'List all pets',
      operationId: 'listPets',
      headerConfigList: [],
    });
    // the operation's own `limit` replaces the path-level one; the cookie parameter is left out
    expect(list?.parameterConfigList).toEqual([
      expect.objectContaining({
        keyName: 'limit',
        description: 'Page size, overridden here',
        minimum: 1,
        maximum: 50,
        defaultValue: '10',
      }),
      expect.objectContaining({
        keyName: 'status',
        dataType: 'string',
        enumValues: ['available', 'pending', 'sold'],
      }),
    ]);
    expect(list?.responseConfigList[0]).toMatchObject({
      contentType: 'application/json',
      example: [
        { id: 1, name: 'Rex' },
        { id: 2, name: 'Tom' },
      ],
    });
    expect(create?.parameterConfigList).toEqual([
      expect.objectContaining({ keyName: 'limit', dataType: 'integer' }),
    ]);
    expect(create?.requestConfigList).toEqual([
      { contentType: 'application/json', schemaName: 'NewPet', isRequired: true },
    ]);
    expect(show?.apiTag).toBe('pets');
    expect(show?.headerConfigList).toEqual([
      {
        headerKey: 'X-Request-Id',
        parameterType: 'header',
        description: null,
        isRequired: true,
        dataType: 'string',
        example: 'abc-123',
      },
    ]);
    expect(show?.responseConfigList[0]?.responseSchemaName).toBe('getPetsPetIdResponse200');
    expect(update).toMatchObject({
      apiTag: 'default',
      requestConfigList: [{ schemaName: 'updatePetRequest', isRequired: true }],
    });
    expect(schemaNamed(api, 'updatePetRequest').configProperties).toEqual([
      { jsonKey: 'name', jsonKeyType: 'string', isMandatory: true },
      {
        jsonKey: 'status',
        jsonKeyType: 'string',
        isMandatory: false,
        refProperties: '#/components/schemas/Status',
      },
    ]);
  });

  it('reads an OpenAPI 3.1 JSON document: type lists, examples lists, path item references', () => {
    const api = importJson(openApi31Petstore());
    expect(api.endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'GET /pets',
      'GET /pets/{petId}',
    ]);
    expect(api.endpoints[0]?.parameterConfigList).toEqual([
      {
        keyName: 'tags',
        parameterType: 'query',
        description: null,
        isRequired: false,
        dataType: 'array',
        itemsType: 'string',
      },
    ]);
    expect(api.endpoints[1]?.parameterConfigList[0]).toMatchObject({
      keyName: 'petId',
      dataType: 'integer',
      isRequired: true,
    });
    const pet = schemaNamed(api, 'Pet');
    expect(pet.configProperties).toEqual([
      { jsonKey: 'id', jsonKeyType: 'integer', isMandatory: true, example: 42 },
      { jsonKey: 'name', jsonKeyType: 'string', isMandatory: true, minLength: 1, nullable: true },
      { jsonKey: 'birthday', jsonKeyType: 'string', isMandatory: false, format: 'date' },
      {
        jsonKey: 'weight',
        jsonKeyType: 'number',
        isMandatory: false,
        minimum: 0,
        maximum: 200.5,
        defaultValue: '3.5',
      },
      {
        jsonKey: 'owner',
        jsonKeyType: 'object',
        isMandatory: false,
        refProperties: '#/components/schemas/Owner',
        nullable: true,
      },
      { jsonKey: 'kind', jsonKeyType: 'string', isMandatory: false, enumValues: ['pet'] },
    ]);
  });

  it('keeps HEAD, OPTIONS and TRACE operations for the sandbox to answer as declared', () => {
    const api = importJson({
      openapi: '3.0.3',
      info: { title: 'Methods', version: '1' },
      paths: {
        '/ping': {
          head: { responses: { '204': { description: 'Alive' } } },
          options: { responses: { '200': { description: 'Allowed methods' } } },
          trace: { responses: { '200': { description: 'Echo' } } },
        },
      },
    });
    expect(api.endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'HEAD /ping',
      'OPTIONS /ping',
      'TRACE /ping',
    ]);
    expect(importJson(swagger2Petstore()).endpoints.map((e) => e.methodType)).toContain('OPTIONS');
  });

  it('recognises YAML without an extension and JSON by its first character', () => {
    expect(importOpenApi(openApi30PetstoreYaml, 'upload').title).toBe('Petstore');
    expect(importOpenApi(JSON.stringify(openApi31Petstore()), 'upload').title).toBe('Petstore 3.1');
  });

  it('imports a generated document of 2,000 operations with the right counts', () => {
    const document = generateLargeDocument({ operations: 2000 });
    const api = importJson(document);
    const paths = Object.values(
      document.paths as Record<string, Record<string, { operationId: string; responses: object }>>,
    );
    const operations = paths.flatMap((item) => Object.values(item));
    const lists = operations.filter((operation) => operation.operationId.startsWith('list')).length;
    const named = Object.keys((document.components as { schemas: object }).schemas).length;
    expect(api.endpoints).toHaveLength(2000);
    expect(new Set(api.endpoints.map((endpoint) => endpoint.apiTag)).size).toBe(20);
    // one synthesized schema per list: its inline page object
    expect(api.schemas).toHaveLength(named + lists);
    expect(api.endpoints.flatMap((endpoint) => endpoint.responseConfigList)).toHaveLength(
      operations.reduce((count, operation) => count + Object.keys(operation.responses).length, 0),
    );
    const get = api.endpoints.find((endpoint) => endpoint.operationId === 'getInvoice0');
    expect(get?.parameterConfigList.map((parameter) => parameter.keyName)).toEqual(['invoice0Id']);
    expect(get?.headerConfigList.map((header) => header.headerKey)).toEqual(['X-Request-Id']);
    expect(schemaNamed(api, 'Invoice0').configProperties.map((property) => property.jsonKey)).toEqual([
      'id',
      'createdAt',
      'updatedAt',
      'name',
      'status',
      'price',
      'address',
      'tags',
      'quantity',
      'metadata',
      'priority',
      'dueDate',
      'visibility',
      'owner',
      'revision',
    ]);
  });
});
