// XML named by the document's named schemas (issue 13, Build 2): the `xml` objects written inside
// `components.schemas` (or Swagger 2.0's `definitions`) name the elements, attributes, wrappers,
// namespaces and prefixes of a body, whether the body is the document's example or generated.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ConformanceCase } from '../runConformance.js';

const published = (path: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`@readme/oas-examples/${path}`), 'utf8');

/** The Swagger petstore as OpenAPI 3.0, Swagger 2.0 and ReadMe's 3.1 train API, as published. */
const petstore30 = published('3.0/yaml/petstore.yaml');
const petstore20 = published('2.0/json/petstore.json');
const trainTravel = published('3.1/yaml/train-travel.yaml');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const PRISM_XML =
  'Prism writes any object under an <xml> root and ignores the xml objects; the document names the elements';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const xmlAnswer = (schema: unknown, example?: unknown) => ({
  get: {
    responses: {
      200: {
        description: 'ok',
        content: { 'application/xml': example === undefined ? { schema } : { schema, example } },
      },
    },
  },
});

const library = {
  openapi: '3.0.3',
  info: { title: 'Library', version: '1.0' },
  paths: {
    '/book': xmlAnswer(ref('Book'), { id: 7, title: 'Dune', isbn: '978-0441013593' }),
    '/book-both': {
      get: {
        responses: {
          200: {
            description: 'one book, as JSON or XML',
            content: {
              'application/json': { schema: ref('Book'), example: { id: 7, title: 'Dune' } },
              'application/xml': { schema: ref('Book'), example: { id: 7, title: 'Dune' } },
            },
          },
        },
      },
    },
    '/catalogue': xmlAnswer(ref('Catalogue'), {
      name: 'Main',
      books: [
        { id: 1, title: 'Dune' },
        { id: 2, title: 'Emma' },
      ],
    }),
    '/shelf': xmlAnswer(ref('Shelf'), [{ id: 3, title: 'Ulysses' }]),
    '/books': xmlAnswer({ type: 'array', items: ref('Book') }, [{ id: 4, title: 'Beloved' }]),
    '/loan': xmlAnswer(ref('Loan'), {
      book: { id: 5, title: 'Middlemarch', author: { name: 'George Eliot', born: 1819 } },
      reader: 'ada',
    }),
    '/plain': xmlAnswer(ref('Plain'), { note: 'no xml object' }),
    '/review': xmlAnswer(
      { allOf: [ref('Entry'), { type: 'object', properties: { stars: { type: 'integer' } } }] },
      { id: 9, stars: 5 },
    ),
    '/node': xmlAnswer(ref('Node'), {
      label: 'root',
      children: [{ label: 'leaf', children: [] }],
    }),
    '/node-generated': xmlAnswer(ref('Node')),
  },
  components: {
    schemas: {
      Book: {
        type: 'object',
        xml: { name: 'book' },
        properties: {
          id: { type: 'integer', xml: { attribute: true } },
          title: { type: 'string' },
          isbn: {
            type: 'string',
            xml: { name: 'ISBN', prefix: 'dc', namespace: 'http://purl.org/dc/terms/' },
          },
          author: ref('Author'),
        },
      },
      Author: {
        type: 'object',
        xml: { name: 'writer' },
        properties: { name: { type: 'string' }, born: { type: 'integer', xml: { attribute: true } } },
      },
      Catalogue: {
        type: 'object',
        xml: { name: 'catalogue', prefix: 'lib', namespace: 'urn:library' },
        properties: {
          name: { type: 'string', xml: { attribute: true } },
          books: { type: 'array', xml: { name: 'holdings', wrapped: true }, items: ref('Book') },
        },
      },
      Shelf: { type: 'array', xml: { name: 'shelf' }, items: ref('Book') },
      Loan: {
        type: 'object',
        xml: { name: 'loan' },
        properties: { book: ref('Book'), reader: { type: 'string', xml: { name: 'borrower' } } },
      },
      Plain: { type: 'object', properties: { note: { type: 'string' } } },
      Entry: {
        type: 'object',
        xml: { name: 'entry' },
        properties: { id: { type: 'integer', xml: { attribute: true } } },
      },
      Node: {
        type: 'object',
        xml: { name: 'node' },
        properties: {
          label: { type: 'string', example: 'n', xml: { attribute: true } },
          children: { type: 'array', items: ref('Node') },
        },
      },
    },
  },
};

const warehouse = {
  swagger: '2.0',
  info: { title: 'Warehouse', version: '1.0' },
  produces: ['application/xml', 'application/json'],
  paths: {
    '/items/{sku}': {
      get: {
        parameters: [{ name: 'sku', in: 'path', required: true, type: 'string' }],
        responses: {
          200: {
            description: 'an item',
            schema: { $ref: '#/definitions/Item' },
            examples: { 'application/xml': { sku: 'A-1', name: 'Bolt', bins: ['B1', 'B2'] } },
          },
        },
      },
    },
  },
  definitions: {
    Item: {
      type: 'object',
      xml: { name: 'item', namespace: 'urn:warehouse', prefix: 'w' },
      properties: {
        sku: { type: 'string', xml: { attribute: true } },
        name: { type: 'string' },
        bins: {
          type: 'array',
          xml: { name: 'bins', wrapped: true },
          items: { type: 'string', xml: { name: 'bin' } },
        },
      },
    },
  },
};

const call = (path: string, accept = 'application/xml', headers: Record<string, string> = {}) => ({
  method: 'GET',
  path,
  headers: { accept, ...headers },
});

/** The body as text, checked against each pattern in turn. */
const matching =
  (...patterns: RegExp[]) =>
  (text: unknown) => {
    for (const pattern of patterns) {
      if (!pattern.test(String(text))) throw new Error(`does not match ${pattern}`);
    }
  };

export const cases: ConformanceCase[] = [
  {
    name: 'a named schema’s xml.name names the root, its attribute property an attribute',
    document: library,
    request: call('/book'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: `${XML_DECLARATION}<book id="7"><title>Dune</title><dc:ISBN xmlns:dc="http://purl.org/dc/terms/">978-0441013593</dc:ISBN></book>`,
    },
    prism: PRISM_XML,
  },
  {
    name: 'the JSON of the same named schema is unaffected by its xml object',
    document: library,
    request: call('/book-both', 'application/json'),
    expect: {
      status: 200,
      headers: { 'content-type': /^application\/json/ },
      body: { id: 7, title: 'Dune' },
    },
  },
  {
    name: 'the XML of the same named schema is named by it',
    document: library,
    request: call('/book-both'),
    expect: { status: 200, body: `${XML_DECLARATION}<book id="7"><title>Dune</title></book>` },
    prism: PRISM_XML,
  },
  {
    name: 'a named schema’s namespace and prefix qualify its root; a wrapped array of references is named by both',
    document: library,
    request: call('/catalogue'),
    expect: {
      status: 200,
      body: `${XML_DECLARATION}<lib:catalogue xmlns:lib="urn:library" name="Main"><holdings><book id="1"><title>Dune</title></book><book id="2"><title>Emma</title></book></holdings></lib:catalogue>`,
    },
    prism: PRISM_XML,
  },
  {
    name: 'a named array schema names the list, its items named by theirs',
    document: library,
    request: call('/shelf'),
    expect: {
      status: 200,
      body: `${XML_DECLARATION}<shelf><book id="3"><title>Ulysses</title></book></shelf>`,
    },
    prism: PRISM_XML,
  },
  {
    name: 'an inline list of a named schema is named by the path, its items by the schema',
    document: library,
    request: call('/books'),
    expect: {
      status: 200,
      body: `${XML_DECLARATION}<books><book id="4"><title>Beloved</title></book></books>`,
    },
    prism: PRISM_XML,
  },
  {
    name: 'references inside references are named by each schema they lead to',
    document: library,
    request: call('/loan'),
    expect: {
      status: 200,
      body: `${XML_DECLARATION}<loan><book id="5"><title>Middlemarch</title><writer born="1819"><name>George Eliot</name></writer></book><borrower>ada</borrower></loan>`,
    },
    prism: PRISM_XML,
  },
  {
    name: 'a named schema without an xml object is named by its name',
    document: library,
    request: call('/plain'),
    expect: { status: 200, body: `${XML_DECLARATION}<Plain><note>no xml object</note></Plain>` },
    prism: PRISM_XML,
  },
  {
    name: 'an allOf that extends a named schema takes its name and its attributes',
    document: library,
    request: call('/review'),
    expect: { status: 200, body: `${XML_DECLARATION}<entry id="9"><stars>5</stars></entry>` },
    prism: PRISM_XML,
  },
  {
    name: 'a schema that contains itself names each level of the example by its xml object',
    document: library,
    request: call('/node'),
    expect: {
      status: 200,
      body: `${XML_DECLARATION}<node label="root"><node label="leaf"></node></node>`,
    },
    prism: PRISM_XML,
  },
  {
    name: 'a schema that contains itself generates a finite body, named at its root',
    document: library,
    request: call('/node-generated'),
    expect: {
      status: 200,
      body: matching(/^<\?xml version="1\.0" encoding="UTF-8"\?><node label="n">.*<\/node>$/),
    },
    prism: PRISM_XML,
  },
  {
    name: 'Swagger 2.0 definitions name the XML: namespace, prefix, attribute and wrapped items',
    document: warehouse,
    request: call('/items/A-1'),
    expect: {
      status: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: `${XML_DECLARATION}<w:item xmlns:w="urn:warehouse" sku="A-1"><name>Bolt</name><bins><bin>B1</bin><bin>B2</bin></bins></w:item>`,
    },
    prism: PRISM_XML,
  },
  {
    name: 'the Swagger 2.0 petstore’s Pet definition names a generated pet: its root, category and wrapped lists',
    document: petstore20,
    request: call('/pet/1', 'application/xml', { api_key: 'key' }),
    expect: {
      status: 200,
      body: matching(
        /^<\?xml version="1\.0" encoding="UTF-8"\?><Pet>/,
        /<Category><id>[^<]*<\/id><name>[^<]*<\/name><\/Category>/,
        /<photoUrl>(?:<photoUrl>[^<]*<\/photoUrl>)+<\/photoUrl>/,
        /<tag>(?:<Tag><id>[^<]*<\/id><name>[^<]*<\/name><\/Tag>)+<\/tag>/,
        /<\/Pet>$/,
      ),
    },
    prism: PRISM_XML,
  },
  {
    name: 'the Swagger 2.0 petstore’s Order definition names its root',
    document: petstore20,
    request: call('/store/order/3'),
    expect: {
      status: 200,
      body: matching(/^<\?xml version="1\.0" encoding="UTF-8"\?><Order><id>/, /<\/Order>$/),
    },
    prism: PRISM_XML,
  },
  {
    name: 'the OpenAPI 3.0 petstore’s Pet schema names a generated pet: its root, category and wrapped lists',
    document: petstore30,
    request: call('/pet/1', 'application/xml', { api_key: 'key' }),
    expect: {
      status: 200,
      body: matching(
        /^<\?xml version="1\.0" encoding="UTF-8"\?><Pet><id>1<\/id>/,
        /<Category><id>[^<]*<\/id><name>[^<]*<\/name><\/Category>/,
        /<name>doggie<\/name>/,
        /<photoUrl>(?:<photoUrl>[^<]*<\/photoUrl>)+<\/photoUrl>/,
        /<tag>(?:<Tag><id>[^<]*<\/id><name>[^<]*<\/name><\/Tag>)+<\/tag>/,
        /<\/Pet>$/,
      ),
    },
    prism: PRISM_XML,
  },
  {
    name: 'the OpenAPI 3.0 petstore’s JSON pet is a JSON object, unaffected by the xml objects',
    document: petstore30,
    request: call('/pet/1', 'application/json', { api_key: 'key' }),
    expect: {
      status: 200,
      headers: { 'content-type': /^application\/json/ },
      body: (pet: { name: unknown; photoUrls: unknown; category: unknown }) =>
        pet.name === 'doggie' && Array.isArray(pet.photoUrls) && typeof pet.category === 'object',
    },
  },
  {
    name: 'ReadMe’s train API names a list of stations by its wrapper schema and its wrapped data',
    document: trainTravel,
    request: call('/stations', 'application/xml', { authorization: 'Bearer token' }),
    expect: {
      status: 200,
      body: matching(
        /^<\?xml version="1\.0" encoding="UTF-8"\?><data>/,
        /<stations>(?:<station>.*?<\/station>)+<\/stations>/,
        /<links><self>[^<]*<\/self>/,
        /<\/data>$/,
      ),
    },
    prism: PRISM_XML,
  },
];
