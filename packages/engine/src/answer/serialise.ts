import { randomBytes } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { stringify as toYaml } from 'yaml';
import { essenceOf, type MediaKind } from '../shared/mediaTypes.js';
import { type ResolveSchema, toXml } from './xmlBody.js';

/** What a body needs to be written in its media type. */
export interface Serialisation {
  kind: MediaKind;
  /** The type answered (`image/png`), for a generated binary payload. */
  contentType: string;
  /** The media type's schema as the document writes it: XML names, binary encodings. */
  schema?: unknown;
  /** Names an XML root that neither the schema nor its component names. */
  rootName: string;
  resolve: ResolveSchema;
  /**
   * Written as Prism's server writes it (prism-http-server's serialize): XML under an `<xml>` root,
   * and text that cannot be a complex value (ComplexText is thrown).
   */
  prism?: true;
}

/** An object or a list answered as text, which Prism refuses (NO_COMPLEX_OBJECT_TEXT). */
export class ComplexText extends Error {}

const prismXml = new XMLBuilder({});

/**
 * A body in its media type: JSON for JSON and `+json`; text as it is (an example `ok` is sent `ok`);
 * XML from a string as it is, else written from the value and the schema's `xml` objects; form fields;
 * bytes for binary types (base64 examples decoded when the schema says so).
 */
export function serialise(value: unknown, to: Serialisation): string | Buffer {
  if (to.prism && (to.kind === 'xml' || to.kind === 'text' || to.kind === 'html')) {
    if (typeof value === 'string' || value === undefined) return value ?? '';
    if (to.kind === 'xml') return prismXml.build({ xml: value });
    if (typeof value === 'object' && value !== null) throw new ComplexText();
    return String(value);
  }
  switch (to.kind) {
    case 'json':
      return JSON.stringify(value) ?? 'null';
    case 'xml':
      return typeof value === 'string' ? value : toXml(value, to.schema, to.rootName, to.resolve);
    case 'html':
      return typeof value === 'string' ? value : htmlPage(value);
    case 'yaml':
      return typeof value === 'string' ? value : toYaml(value);
    case 'form':
      return typeof value === 'string' ? value : formFields(value);
    case 'text':
      return asText(value);
    case 'binary':
      return binary(value, to);
  }
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `application/x-www-form-urlencoded`: arrays repeat their key, objects travel as JSON text. */
function formFields(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return asText(value);
  const fields = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    for (const one of Array.isArray(field) ? field : [field]) fields.append(key, asText(one));
  }
  return fields.toString();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function htmlPage(value: unknown): string {
  return `<!DOCTYPE html><html><body><pre>${escapeHtml(JSON.stringify(value, null, 2) ?? '')}</pre></body></html>`;
}

// 1×1 images, so an <img> pointed at the sandbox shows something.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const GENERATED_BYTES = 16;

function binary(value: unknown, to: Serialisation): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'string') return Buffer.from(value, isBase64(to.schema) ? 'base64' : 'utf8');
  if (value !== undefined && value !== null) return Buffer.from(JSON.stringify(value));
  return generatedBytes(to.contentType);
}

/** A small payload for a binary response with nothing to send: a real image for image types. */
export function generatedBytes(contentType: string): Buffer {
  const essence = essenceOf(contentType);
  if (essence === 'image/png') return PNG;
  if (essence === 'image/gif') return GIF;
  return randomBytes(GENERATED_BYTES);
}

function isBase64(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { format, contentEncoding } = schema as { format?: unknown; contentEncoding?: unknown };
  return format === 'byte' || contentEncoding === 'base64';
}
