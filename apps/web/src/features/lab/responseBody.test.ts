import type { LabResponse } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { responseBody } from './responseBody';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const anAnswer = (answer: Partial<LabResponse>): LabResponse => ({
  status: 200,
  statusText: 'OK',
  headers: {},
  body: '',
  timeMs: 3,
  sizeBytes: 0,
  truncated: false,
  url: 'http://x.test/sandbox/k/photos/1',
  redirects: 0,
  ...answer,
});

describe('the Lab’s response body', () => {
  it('formats JSON and keeps XML, HTML and plain text as sent', () => {
    const json = anAnswer({ headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(responseBody(json, 'GET')).toEqual({ kind: 'text', text: '{\n  "a": 1\n}' });
    for (const text of ['<photo><id>1</id></photo>', '<!DOCTYPE html><p>Hi</p>', 'plain words']) {
      expect(responseBody(anAnswer({ body: text }), 'GET')).toEqual({ kind: 'text', text });
    }
  });

  it('says a HEAD answer has no body, rather than show an empty one', () => {
    const head = anAnswer({ headers: { 'content-type': 'application/json', 'content-length': '42' } });
    expect(responseBody(head, 'HEAD')).toEqual({
      kind: 'none',
      note: 'No body: the answer to a HEAD request carries only its status and headers.',
    });
    expect(responseBody(anAnswer({ status: 204 }), 'DELETE')).toMatchObject({ kind: 'none' });
  });

  it('describes a binary body by its type and size, and previews an image', () => {
    const png = anAnswer({
      headers: { 'content-type': 'image/png' },
      body: PNG_BASE64,
      bodyEncoding: 'base64',
      sizeBytes: 70,
    });
    expect(responseBody(png, 'GET')).toEqual({
      kind: 'binary',
      note: 'Binary body (image/png, 70 B): it is not shown as text.',
      download: { name: 'response.png', href: `data:application/octet-stream;base64,${PNG_BASE64}` },
      preview: `data:image/png;base64,${PNG_BASE64}`,
    });
  });

  it('previews no image it only has part of, and no type a browser would run', () => {
    const cut = anAnswer({
      headers: { 'content-type': 'image/png' },
      body: PNG_BASE64,
      bodyEncoding: 'base64',
      truncated: true,
    });
    expect(responseBody(cut, 'GET')).not.toHaveProperty('preview');
    const octets = anAnswer({
      headers: { 'content-type': 'application/octet-stream' },
      body: 'AP8QgH8=',
      bodyEncoding: 'base64',
      sizeBytes: 5,
    });
    expect(responseBody(octets, 'GET')).toMatchObject({
      kind: 'binary',
      note: 'Binary body (application/octet-stream, 5 B): it is not shown as text.',
      download: { name: 'response.bin' },
    });
    expect(responseBody(octets, 'GET')).not.toHaveProperty('preview');
  });
});
