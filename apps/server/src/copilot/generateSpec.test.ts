import { type CopilotRequest, ZCopilotRequest } from '@sandbox/contracts';
import { importOpenApi } from '@sandbox/engine/import/importOpenApi';
import { describe, expect, it } from 'vitest';
import { generateSpec } from './generateSpec.js';

type Doc = {
  tags: { name: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        tags: string[];
        operationId: string;
        parameters?: { name: string; in: string; schema: unknown }[];
        responses: Record<string, unknown>;
      }
    >
  >;
  components: {
    schemas: Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }>;
  };
};
const spec = (request: CopilotRequest) => generateSpec(ZCopilotRequest.parse(request)) as Doc;
const one = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, description = '') => ({
  method,
  url,
  description,
});

describe('the built-in Copilot', () => {
  it('gives a resource the fields its description names, typed by their names', () => {
    const doc = spec({
      projectName: 'People',
      endpoints: [one('POST', '/users', 'Create a user with name, email, age, date of birth and a password')],
    });
    const { User, UserInput } = doc.components.schemas;
    expect(Object.keys(UserInput.properties)).toEqual(['name', 'email', 'age', 'dateOfBirth', 'password']);
    expect(UserInput.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(UserInput.properties.age).toMatchObject({ type: 'integer', minimum: 0 });
    expect(UserInput.properties.dateOfBirth).toMatchObject({ type: 'string', format: 'date' });
    expect(UserInput.required).toEqual(['name', 'email', 'age', 'dateOfBirth']);
    // A password is sent, never answered.
    expect(Object.keys(User.properties)).toEqual(['id', 'name', 'email', 'age', 'dateOfBirth', 'createdAt']);
    expect(User.required).toContain('id');
  });

  it('reads the fields of a resource from the project description too', () => {
    const doc = spec({
      projectName: 'Library',
      description: 'A small library. Books have a title, author, isbn and published year.',
      endpoints: [one('GET', '/books')],
    });
    expect(Object.keys(doc.components.schemas.Book.properties)).toEqual([
      'id',
      'title',
      'author',
      'isbn',
      'publishedYear',
      'createdAt',
    ]);
  });

  it('gives a resource the usual fields when no description names any', () => {
    const doc = spec({
      projectName: 'Shop',
      endpoints: [one('GET', '/orders'), one('GET', '/products/{productId}'), one('GET', '/users')],
    });
    const { Order, Product, User } = doc.components.schemas;
    expect(Order.properties.total).toMatchObject({ type: 'number', minimum: 0 });
    expect(Order.properties.status).toMatchObject({
      type: 'string',
      enum: ['pending', 'paid', 'shipped', 'delivered', 'cancelled'],
    });
    expect(Object.keys(Product.properties)).toEqual(['id', 'name', 'price', 'sku', 'createdAt']);
    expect(User.properties.email).toMatchObject({ format: 'email' });
  });

  it('answers each method with the status codes that fit it', () => {
    const doc = spec({
      projectName: 'Tasks',
      endpoints: [
        one('GET', '/tasks'),
        one('POST', '/tasks'),
        one('GET', '/tasks/{id}'),
        one('PUT', '/tasks/{id}'),
        one('PATCH', '/tasks/{id}'),
        one('DELETE', '/tasks/{id}'),
      ],
    });
    const codes = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    expect(codes('/tasks', 'get')).toEqual(['200']);
    expect(codes('/tasks', 'post')).toEqual(['201', '422']);
    expect(codes('/tasks/{id}', 'get')).toEqual(['200', '404']);
    expect(codes('/tasks/{id}', 'put')).toEqual(['200', '404', '422']);
    expect(codes('/tasks/{id}', 'patch')).toEqual(['200', '404', '422']);
    expect(codes('/tasks/{id}', 'delete')).toEqual(['204', '404']);
    expect(doc.paths['/tasks/{id}'].patch.operationId).toBe('updateTask');
    expect(doc.paths['/tasks'].get.operationId).toBe('listTasks');
  });

  it('tags operations by their first path segment and describes path, paging and filter parameters', () => {
    const doc = spec({
      projectName: 'Shop',
      endpoints: [
        one('GET', '/users/{userId}/orders', 'List the orders of a user, paginated, filtered by status'),
      ],
    });
    const operation = doc.paths['/users/{userId}/orders'].get;
    expect(operation.tags).toEqual(['users']);
    expect(doc.tags).toEqual([{ name: 'users', description: 'Operations on users' }]);
    expect(operation.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual([
      'path userId',
      'query limit',
      'query offset',
      'query status',
    ]);
    expect(doc.components.schemas.Order).toBeDefined();
  });

  it('makes the same document from the same input', () => {
    const request: CopilotRequest = {
      projectName: 'Shop',
      description: 'Users and orders',
      endpoints: [one('POST', '/users', 'with name and email'), one('GET', '/orders/{id}')],
    };
    expect(JSON.stringify(spec(request))).toBe(JSON.stringify(spec(request)));
  });

  it('writes a document the product’s own importer reads, with every endpoint', () => {
    const endpoints = [
      one('GET', '/pets'),
      one('POST', '/pets', 'Add a pet with name, species and birthday'),
      one('DELETE', '/pets/{petId}'),
    ];
    const imported = importOpenApi(JSON.stringify(spec({ projectName: 'Pets', endpoints })), 'response.json');
    expect(imported.endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'GET /pets',
      'POST /pets',
      'DELETE /pets/{petId}',
    ]);
  });
});
