import { describe, expect, it } from 'vitest';
import { toXml } from './xmlBody.js';

const XML = '<?xml version="1.0" encoding="UTF-8"?>';

function resolverOf(named: Record<string, unknown>) {
  return (ref: string) => named[ref.replace('#/components/schemas/', '')];
}
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('XML named by the document’s named schemas', () => {
  it('names elements, attributes and wrappers by the xml objects of the schemas a reference leads to', () => {
    const resolve = resolverOf({
      Pet: {
        type: 'object',
        xml: { name: 'pet' },
        properties: {
          id: { type: 'integer', xml: { attribute: true } },
          category: ref('Category'),
          tags: { type: 'array', xml: { name: 'tags', wrapped: true }, items: ref('Tag') },
        },
      },
      Category: { type: 'object', xml: { name: 'category', prefix: 'c', namespace: 'urn:c' } },
      Tag: { type: 'object', xml: { name: 'tag' }, properties: { name: { type: 'string' } } },
    });
    const value = { id: 1, category: { name: 'Dogs' }, tags: [{ name: 'a' }, { name: 'b' }] };
    expect(toXml(value, ref('Pet'), 'root', resolve)).toBe(
      `${XML}<pet id="1"><c:category xmlns:c="urn:c"><name>Dogs</name></c:category>` +
        '<tags><tag><name>a</name></tag><tag><name>b</name></tag></tags></pet>',
    );
  });

  it('ends on schemas that compose each other, naming what it cannot find by its key', () => {
    const resolve = resolverOf({
      A: { allOf: [ref('B'), { properties: { a: { xml: { attribute: true } } } }] },
      B: { allOf: [ref('A'), ref('B'), { properties: { b: { xml: { name: 'bee' } } } }] },
    });
    expect(toXml({ a: 1, b: 2, c: 3 }, ref('A'), 'root', resolve)).toBe(
      `${XML}<A a="1"><bee>2</bee><c>3</c></A>`,
    );
  });

  it('names a property declared by several allOf parts by the part that names it in XML', () => {
    const resolve = resolverOf({
      Wrapper: {
        type: 'object',
        xml: { name: 'data' },
        properties: { data: { type: 'array', items: { type: 'object' } } },
      },
      Station: { type: 'object', xml: { name: 'station' }, properties: { name: { type: 'string' } } },
    });
    const schema = {
      allOf: [
        ref('Wrapper'),
        {
          properties: {
            data: { type: 'array', xml: { name: 'stations', wrapped: true }, items: ref('Station') },
          },
        },
      ],
    };
    expect(toXml({ data: [{ name: 'Berlin' }] }, schema, 'root', resolve)).toBe(
      `${XML}<data><stations><station><name>Berlin</name></station></stations></data>`,
    );
  });

  it('ends on references that lead back to themselves', () => {
    const resolve = resolverOf({ Loop: ref('Loop2'), Loop2: ref('Loop') });
    expect(toXml({ x: 1 }, ref('Loop'), 'root', resolve)).toBe(`${XML}<Loop><x>1</x></Loop>`);
  });

  it('takes a key that Object.prototype also has for a key, not for a schema', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    const value = JSON.parse('{"constructor": "x", "toString": "y", "__proto__": {"name": "z"}}');
    expect(toXml(value, schema, 'root', () => undefined)).toBe(
      `${XML}<root><constructor>x</constructor><toString>y</toString><__proto__><name>z</name></__proto__></root>`,
    );
  });
});
