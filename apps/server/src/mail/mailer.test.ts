import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const log = pino({ level: 'silent' });
const mail = {
  to: 'ada@example.com',
  subject: 'Verify',
  text: 'Open https://example.test/verification/abc/false/1 now',
};

describe('mail over SMTP', () => {
  const received: { from: string; to: string[]; raw: Buffer }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the mail to the SMTP server given by SMTP_URL', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: mkdtempSync(join(tmpdir(), 'mail-')),
      from: 'API Sandbox <no-reply@api-sandbox.local>',
      log,
    });
    await mailer.send(mail);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['ada@example.com']);
    expect(received[0].from).toBe('no-reply@api-sandbox.local');
    const parsed = await simpleParser(received[0].raw);
    expect(parsed.subject).toBe('Verify');
    expect(parsed.text).toContain('https://example.test/verification/abc/false/1');
  });
});

describe('mail without SMTP', () => {
  it('writes each mail as an .eml file in the outbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mail-'));
    const mailer = createMailer({ dataDir, from: 'no-reply@api-sandbox.local', log });
    await mailer.send(mail);
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-ada@example\.com\.eml$/);
    const parsed = await simpleParser(readFileSync(join(dataDir, 'outbox', files[0])));
    expect(parsed.text).toContain('https://example.test/verification/abc/false/1');
  });

  it('logs the links and the one-time code of a mail, and keeps the code out of its headers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mail-'));
    const lines: string[] = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ dataDir, from: 'no-reply@api-sandbox.local', log: logged });
    await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Type 123456', code: '123456' });
    expect(JSON.parse(lines[0])).toMatchObject({ to: 'ada@example.com', code: '123456', links: [] });
    const [file] = readdirSync(join(dataDir, 'outbox'));
    const parsed = await simpleParser(readFileSync(join(dataDir, 'outbox', file)));
    expect(parsed.headers.has('code')).toBe(false);
    expect(parsed.text).toContain('123456');
  });
});
