import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MAX_TOTAL_BYTES,
  feedbackMessages,
  isBlockedAttachment,
  ZFeedbackQuery,
} from '@sandbox/contracts';
import type { FastifyRequest } from 'fastify';
import { type AppError, Invalid, TooLarge } from '../http/errors.js';
import { parseWith } from '../http/validate.js';

export interface ReceivedFile {
  name: string;
  storedName: string;
  size: number;
  type: string;
}

export interface ReceivedUpload {
  query: string;
  files: ReceivedFile[];
  /** Holds the files until the feedback is stored; the caller moves or removes it. */
  tempDir: string;
}

// Windows (MZ), ELF and Mach-O headers: a renamed program is still a program.
const EXECUTABLE_MAGIC = [
  Buffer.from('MZ'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
];
const MAGIC_BYTES = Math.max(...EXECUTABLE_MAGIC.map((magic) => magic.length));
const looksExecutable = (head: Buffer) =>
  EXECUTABLE_MAGIC.some((magic) => head.subarray(0, magic.length).equals(magic));

/**
 * The name as the recipient's system will see it: Windows drops trailing dots and spaces (and a
 * `::$DATA` stream suffix), so `evil.js.` opens as `evil.js`; invisible format characters (zero-width,
 * right-to-left override) can hide the real extension; compatibility forms (fullwidth `ｊｓ`) fold
 * to plain letters.
 */
export function attachmentName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/::\$data$/i, '')
    .replace(/[\s.]+$/u, '')
    .trim();
}

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

function diskName(index: number, name: string): string {
  const safe =
    name
      .replace(/^.*[\\/]/, '')
      .replace(/[^\w. -]/g, '_')
      .slice(-100) || 'file';
  return `${index + 1}-${safe}`;
}

/**
 * Streams `query` and `attachments` into a fresh temp directory under `incomingDir`, enforcing the
 * limits as the bytes arrive. On any refusal the body is still read to its end (so the client gets
 * the answer instead of a broken pipe), the temp directory is removed and a typed error thrown.
 */
export async function receiveUpload(request: FastifyRequest, incomingDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new Invalid(feedbackMessages.notMultipart);
  const tempDir = join(incomingDir, randomBytes(12).toString('hex'));
  await mkdir(tempDir, { recursive: true });
  let refusal: AppError | undefined;
  const refuse = (error: AppError) => {
    refusal ??= error;
  };
  let query: string | undefined;
  const files: ReceivedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'query') refuse(new Invalid(feedbackMessages.unexpectedField(part.fieldname)));
        else if (part.valueTruncated) refuse(new TooLarge(feedbackMessages.queryTooLong));
        else query = String(part.value);
        continue;
      }
      const name = attachmentName(part.filename ?? '') || (part.filename ?? '');
      if (part.fieldname !== 'attachments')
        refuse(new Invalid(feedbackMessages.unexpectedField(part.fieldname)));
      else if (part.filename && files.length >= FEEDBACK_MAX_FILES)
        refuse(new TooLarge(feedbackMessages.tooManyFiles));
      else if (part.filename && isBlockedAttachment(name))
        refuse(new Invalid(feedbackMessages.blockedType(part.filename)));
      // A form whose file input is left empty still sends a nameless, empty part: skip it.
      if (refusal || !part.filename) {
        await pipeline(part.file, discard());
        continue;
      }
      const file: ReceivedFile = {
        name,
        storedName: diskName(files.length, name),
        size: 0,
        type: part.mimetype,
      };
      // The network decides where chunks break: a header split over two of them is still a header.
      let head = Buffer.alloc(0);
      const guard = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (head.length < MAGIC_BYTES) {
            head = Buffer.concat([head, chunk.subarray(0, MAGIC_BYTES - head.length)]);
            if (looksExecutable(head)) refuse(new Invalid(feedbackMessages.blockedType(file.name)));
          }
          file.size += chunk.length;
          total += chunk.length;
          if (total > FEEDBACK_MAX_TOTAL_BYTES) refuse(new TooLarge(feedbackMessages.totalTooLarge));
          // Once refused, keep reading but write nothing more.
          done(null, refusal ? undefined : chunk);
        },
      });
      await pipeline(part.file, guard, createWriteStream(join(tempDir, file.storedName)));
      if (part.file.truncated || file.size > FEEDBACK_MAX_FILE_BYTES)
        refuse(new TooLarge(feedbackMessages.fileTooLarge(file.name)));
      files.push(file);
    }
    if (refusal) throw refusal;
    return { query: parseWith(ZFeedbackQuery, query ?? ''), files, tempDir };
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw translateLimit(error);
  }
}

// The multipart plugin's own limits are a backstop above ours; give them our words.
function translateLimit(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new TooLarge(feedbackMessages.tooManyFiles);
  if (code === 'FST_FIELDS_LIMIT') return new Invalid(feedbackMessages.unexpectedField('(too many fields)'));
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new TooLarge(feedbackMessages.fileTooLarge('an attachment'));
  return error;
}
