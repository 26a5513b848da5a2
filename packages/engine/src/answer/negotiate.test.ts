import { describe, expect, it } from 'vitest';
import { concreteOf, contentTypeOf } from '../shared/mediaTypes.js';
import { MediaChoice } from './negotiate.js';

const declared = (...types: string[]) =>
  new MediaChoice(types.map((type) => ({ type, contentType: contentTypeOf(concreteOf(type, false)) })));
const chosen = (choice: MediaChoice<{ type: string; contentType: string }>, accept?: string) =>
  choice.choose(accept)?.media.type;

describe('choosing a declared media type by Accept', () => {
  const jsonAndXml = declared('application/json', 'application/xml', 'text/plain');

  it('takes the first declared type without an Accept, or with */*', () => {
    expect(chosen(jsonAndXml)).toBe('application/json');
    expect(chosen(jsonAndXml, '*/*')).toBe('application/json');
    expect(chosen(declared('text/plain', 'application/json'), '*/*')).toBe('text/plain');
  });

  it('takes the type the request names, and the highest q-value of several', () => {
    expect(chosen(jsonAndXml, 'application/xml')).toBe('application/xml');
    expect(chosen(jsonAndXml, 'application/json;q=0.2, application/xml;q=0.9')).toBe('application/xml');
    expect(chosen(jsonAndXml, 'text/*')).toBe('text/plain');
    expect(chosen(jsonAndXml, 'image/png, */*;q=0.1')).toBe('application/json');
  });

  it('reads past a parameter the declared type does not name, keeping its q-value', () => {
    expect(chosen(jsonAndXml, 'application/json; charset=utf-8')).toBe('application/json');
    expect(chosen(jsonAndXml, 'application/json; charset=utf-8; q=0.1, text/plain')).toBe('text/plain');
  });

  it('answers null when nothing declared is acceptable, q=0 included', () => {
    expect(jsonAndXml.choose('image/png')).toBeNull();
    expect(declared('application/json').choose('application/json;q=0')).toBeNull();
    expect(jsonAndXml.choose('not a media type')).toBeNull();
  });

  it('answers undefined for a response without content, whatever the Accept', () => {
    expect(declared().choose('application/xml')).toBeUndefined();
    expect(declared().choose(undefined)).toBeUndefined();
  });

  it('matches vendor types exactly and by their range', () => {
    const vendor = declared('application/vnd.api+json');
    expect(chosen(vendor, 'application/vnd.api+json')).toBe('application/vnd.api+json');
    expect(chosen(vendor, 'application/*')).toBe('application/vnd.api+json');
    expect(vendor.choose('application/json')).toBeNull();
  });

  it('answers a declared range with the concrete type the request names', () => {
    const images = declared('image/*');
    expect(images.choose('image/gif')).toMatchObject({ contentType: 'image/gif' });
    expect(images.choose(undefined)).toMatchObject({ contentType: 'image/png' });
    expect(images.choose('image/*')).toMatchObject({ contentType: 'image/png' });
    expect(images.choose('text/html')).toBeNull();
  });

  it('remembers a choice per Accept text, and the same answer comes back', () => {
    const first = jsonAndXml.choose('application/xml, application/json;q=0.5');
    expect(jsonAndXml.choose('application/xml, application/json;q=0.5')).toBe(first);
    expect(jsonAndXml.available).toEqual(['application/json', 'application/xml', 'text/plain']);
  });
});

describe('the Content-Type sent for a declared media type', () => {
  it('adds a UTF-8 charset to textual types that name none', () => {
    expect(contentTypeOf('application/json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('text/plain')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('text/plain; charset=iso-8859-1')).toBe('text/plain; charset=iso-8859-1');
    expect(contentTypeOf('application/hal+json')).toBe('application/hal+json; charset=utf-8');
    expect(contentTypeOf('application/octet-stream')).toBe('application/octet-stream');
    expect(contentTypeOf('image/png')).toBe('image/png');
  });
});
