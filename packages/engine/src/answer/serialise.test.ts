import { describe, expect, it } from 'vitest';
import { mediaKind } from '../shared/mediaTypes.js';
import { type Serialisation, serialise } from './serialise.js';

const components: Record<string, unknown> = {
  Pet: {
    type: 'object',
    xml: { name: 'pet' },
    properties: { id: { type: 'integer', xml: { attribute: true } }, name: { type: 'string' } },
  },
};
const resolve = (ref: string) => components[ref.replace('#/components/schemas/', '')];
const as = (contentType: string, schema?: unknown): Serialisation => ({
  kind: mediaKind(contentType),
  contentType,
  schema,
  rootName: 'root',
  resolve,
});
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

describe('a body in its media type', () => {
  it('writes JSON for JSON and every +json type, a string example in quotes', () => {
    expect(serialise({ a: 1 }, as('application/json'))).toBe('{"a":1}');
    expect(serialise('ok', as('application/problem+json'))).toBe('"ok"');
    expect(serialise(null, as('application/vnd.api+json'))).toBe('null');
  });

  it('writes text as it is, not as JSON', () => {
    expect(serialise('ok', as('text/plain'))).toBe('ok');
    expect(serialise(42, as('text/csv'))).toBe('42');
    expect(serialise({ a: 1 }, as('text/plain'))).toBe('{"a":1}');
  });

  it('writes a string XML example as it is', () => {
    expect(serialise('<note>hi</note>', as('application/xml'))).toBe('<note>hi</note>');
  });

  it('writes form fields, an array repeating its key', () => {
    expect(serialise({ a: 'x y', b: [1, 2] }, as('application/x-www-form-urlencoded'))).toBe('a=x+y&b=1&b=2');
  });

  it('writes YAML and an HTML page', () => {
    expect(serialise({ a: 1 }, as('application/yaml'))).toBe('a: 1\n');
    expect(serialise('<p>hi</p>', as('text/html'))).toBe('<p>hi</p>');
    expect(serialise({ a: '<b>' }, as('text/html'))).toContain('&#60;b&#62;');
  });

  it('writes bytes for binary types: the example, base64 decoded when the schema says so', () => {
    expect(serialise('abc', as('application/octet-stream'))).toEqual(Buffer.from('abc'));
    const base64 = as('application/octet-stream', { type: 'string', format: 'byte' });
    expect(serialise('aGk=', base64)).toEqual(Buffer.from('hi'));
    const png = serialise(undefined, as('image/png')) as Buffer;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect((serialise(undefined, as('application/pdf')) as Buffer).length).toBe(16);
  });
});

describe('XML written from a value and its schema’s xml objects', () => {
  it('names the root by the component and puts attributes where the schema says', () => {
    const body = serialise(
      { id: 7, name: 'Rex' },
      as('application/xml', { $ref: '#/components/schemas/Pet' }),
    );
    expect(body).toBe(`${XML}<pet id="7"><name>Rex</name></pet>`);
  });

  it('escapes what XML cannot hold as text and names what it cannot hold as names', () => {
    const body = serialise({ 'a b': 'x<y & z' }, as('application/xml', { type: 'object' }));
    expect(body).toBe(`${XML}<root><a_b>x&lt;y &amp; z</a_b></root>`);
  });

  it('repeats unwrapped array items under the item name, or the property name', () => {
    const schema = {
      type: 'object',
      properties: {
        animals: { type: 'array', items: { type: 'string', xml: { name: 'animal' } } },
        plants: { type: 'array', items: { type: 'string' }, xml: { name: 'flora' } },
      },
    };
    const body = serialise({ animals: ['cat', 'dog'], plants: ['fern'] }, as('application/xml', schema));
    expect(body).toBe(`${XML}<root><animal>cat</animal><animal>dog</animal><flora>fern</flora></root>`);
  });

  it('wraps arrays that say wrapped, under the array’s name', () => {
    const schema = {
      type: 'object',
      properties: {
        animals: {
          type: 'array',
          xml: { name: 'aliens', wrapped: true },
          items: { type: 'string', xml: { name: 'animal' } },
        },
      },
    };
    const body = serialise({ animals: ['cat'] }, as('application/xml', schema));
    expect(body).toBe(`${XML}<root><aliens><animal>cat</animal></aliens></root>`);
  });

  it('declares namespaces and prefixes names', () => {
    const schema = {
      type: 'object',
      xml: { name: 'Person', namespace: 'http://example.com/schema', prefix: 'sample' },
      properties: { id: { type: 'integer', xml: { attribute: true, prefix: 'sample' } } },
    };
    const body = serialise({ id: 1 }, as('application/xml', schema));
    expect(body).toBe(
      `${XML}<sample:Person xmlns:sample="http://example.com/schema" sample:id="1"></sample:Person>`,
    );
  });

  it('wraps a list at the root, its items named by their component', () => {
    const schema = { type: 'array', xml: { name: 'pets' }, items: { $ref: '#/components/schemas/Pet' } };
    const body = serialise([{ id: 1, name: 'A' }], as('application/xml', schema));
    expect(body).toBe(`${XML}<pets><pet id="1"><name>A</name></pet></pets>`);
  });

  it('finds a property of an allOf part', () => {
    const schema = {
      allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { tag: { xml: { name: 'label' } } } }],
    };
    const body = serialise({ id: 2, tag: 'x' }, as('application/xml', schema));
    expect(body).toBe(`${XML}<pet id="2"><label>x</label></pet>`);
  });
});
