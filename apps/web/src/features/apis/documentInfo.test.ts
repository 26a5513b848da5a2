import { describe, expect, it } from 'vitest';
import { readDocumentInfo, toMaskedVersion } from './documentInfo';

const file = (text: string) => new Blob([text]);

describe("a chosen document's info", () => {
  it('fills the name, description and version from YAML, the version cut to a digit and a digit', async () => {
    const yaml = `openapi: 3.0.3
# a comment before info
info:
  title: swagger petstore
  description: |
    This is a sample server.
    It has pets.
  version: 1.0.27
paths: {}
`;
    expect(await readDocumentInfo(file(yaml))).toEqual({
      apiName: 'Swagger petstore',
      apiDescription: 'This is a sample server. It has pets.',
      apiVersion: '1.0',
    });
  });

  it('reads a flow-style info and keeps 1.0 as written', async () => {
    expect(await readDocumentInfo(file('openapi: 3.0.3\ninfo: { title: Codes, version: 1.0 }\n'))).toEqual({
      apiName: 'Codes',
      apiVersion: '1.0',
    });
  });

  it('fills the fields from JSON, braces inside strings included', async () => {
    const json = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Orders {v2}', description: 'Takes "orders" } and more', version: '2.3.1' },
      paths: {},
    });
    expect(await readDocumentInfo(file(json))).toEqual({
      apiName: 'Orders {v2}',
      apiDescription: 'Takes "orders" } and more',
      apiVersion: '2.3',
    });
  });

  it('keeps a long description within the form limit', async () => {
    const info = await readDocumentInfo(
      file(`info:\n  title: T\n  description: ${'word '.repeat(60)}\n  version: '1'\n`),
    );
    expect(info.apiDescription?.length).toBeLessThanOrEqual(100);
    expect(info.apiDescription).toMatch(/^Word( word)+$/);
    expect(info.apiVersion).toBe('1.0');
  });

  it('ends a long description at its last whole sentence', async () => {
    const text =
      'This is a sample server Petstore server. You can find out more about Swagger at the site or on the chat, #swagger.';
    const info = await readDocumentInfo(file(JSON.stringify({ info: { title: 'P', description: text } })));
    expect(info.apiDescription).toBe('This is a sample server Petstore server.');
  });

  it('fills nothing from a file without info or that is not a document', async () => {
    expect(await readDocumentInfo(file('paths: {}\n'))).toEqual({});
    expect(await readDocumentInfo(file('{ "info": { "title": '))).toEqual({});
    expect(await readDocumentInfo(file('info: [unclosed\n'))).toEqual({});
  });

  it("fills the name, description and version from a Postman Collection's info", async () => {
    const collection = JSON.stringify({
      info: {
        name: 'capital API (v3)',
        description: { content: 'Adyen Capital.', type: 'text/markdown' },
        version: { major: 3, minor: 1, patch: 0 },
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item: [],
    });
    expect(await readDocumentInfo(file(collection))).toEqual({
      apiName: 'Capital API (v3)',
      apiDescription: 'Adyen Capital.',
      apiVersion: '3.1',
    });
  });

  it('masks versions the way the Version field does', () => {
    expect(toMaskedVersion('1.0.27')).toBe('1.0');
    expect(toMaskedVersion('v2')).toBe('2.0');
    expect(toMaskedVersion('3.14')).toBe('3.1');
    expect(toMaskedVersion('2024-01-01')).toBeUndefined();
    expect(toMaskedVersion('beta')).toBeUndefined();
  });
});
