import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authPaths } from '@sandbox/contracts';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/support/scratchDatabase.js';
import { aRegistration, startTestApp, type TestApp } from '../../test/support/testApp.js';
import { createMailer } from './mailer.js';
import { createMailOutbox } from './outbox.js';

const log = pino({ level: 'silent' });
const mail = {
  to: 'ada@example.com',
  subject: 'Verify',
  text: 'Open https://example.test/verification/abc/false/1 now',
};

/** A real SMTP server of the test's own, on `port` (0: any), keeping what it receives. */
async function startSmtp(port = 0) {
  const received: { from: string; to: string[]; raw: Buffer }[] = [];
  const server = new SMTPServer({
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe.each(dialects)('mail over SMTP, on %s', (dialect) => {
  let app: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  afterEach(async () => {
    await app?.close();
    await smtp?.close();
    app = smtp = undefined;
  });

  const register = (email: string) =>
    (app as TestApp).server.inject({
      method: 'POST',
      url: authPaths.register,
      payload: aRegistration({ emailAddress: email }),
    });

  it('delivers the verification mail to the SMTP server given by SMTP_URL', async () => {
    smtp = await startSmtp();
    app = await startTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    expect((await register('ada@example.com')).statusCode).toBe(201);
    const [mail] = await until(() => (smtp?.received.length ? smtp.received : undefined), 'the mail');
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toBe('no-reply@api-sandbox.local');
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toMatch(/verify/i);
    expect(parsed.text).toContain('http://sandbox.test/verification/');
  });

  it('keeps a mail asked for while SMTP is down, and delivers it once the server is up', async () => {
    const port = await freePort();
    app = await startTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${port}` }, { mailRetryDelaysMs: [100] });
    const outbox = () => (app as TestApp).db.kysely.selectFrom('mail_outbox').selectAll().execute();
    // the sign-up neither waits for SMTP nor fails because it is down
    expect((await register('grace@example.com')).statusCode).toBe(201);
    const failed = await until(async () => (await outbox()).find((row) => row.attempts > 0), 'a refused try');
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(failed.failed_at).toBeNull();

    const late = await startSmtp(port);
    smtp = late;
    const [mail] = await until(() => (late.received.length ? late.received : undefined), 'the mail');
    expect(mail.to).toEqual(['grace@example.com']);
    expect((await simpleParser(mail.raw)).text).toContain('http://sandbox.test/verification/');
    await until(async () => ((await outbox()).length === 0 ? true : undefined), 'an empty outbox');
    expect(late.received).toHaveLength(1);
  });

  it('gives a mail up after its last attempt, keeping it with the last error', async () => {
    app = await startTestApp(dialect);
    const db = app.db.kysely;
    const outbox = createMailOutbox({
      db,
      log,
      retryDelaysMs: [10],
      maxAttempts: 3,
      deliver: async () => {
        throw new Error('550 mailbox unavailable');
      },
    });
    try {
      await outbox.send(mail);
      const given = await until(async () => {
        const [row] = await db.selectFrom('mail_outbox').selectAll().execute();
        return row?.failed_at ? row : undefined;
      }, 'the mail given up');
      expect(given).toMatchObject({ attempts: 3, last_error: '550 mailbox unavailable' });
      expect(JSON.parse(given.message)).toMatchObject({ to: 'ada@example.com', subject: 'Verify' });
    } finally {
      await outbox.close();
    }
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
