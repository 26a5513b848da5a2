import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.js';
import type { Mailer } from './mail.js';
import { createMailOutbox } from './outbox.js';

export type { Mail, Mailer } from './mail.js';

interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  from: string;
  log: FastifyBaseLogger;
  /** Where mails wait for the SMTP server (needed with `smtpUrl`). */
  db?: Kysely<Database>;
  /** Waits between attempts to send a mail (tests shorten them). */
  retryDelaysMs?: number[];
}

/** Bounds on one delivery: a server that hangs does not hold the outbox's worker for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * Real SMTP when `SMTP_URL` is set, through the outbox (sent by a worker, retried while the server is
 * down); otherwise each mail becomes an `.eml` file in `$DATA_DIR/outbox`.
 */
export function createMailer({ smtpUrl, dataDir, from, log, db, retryDelaysMs }: MailerOptions): Mailer {
  if (smtpUrl) {
    if (!db) throw new Error('Mail over SMTP needs the database: mails wait there for the server');
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return createMailOutbox({
      db,
      log,
      retryDelaysMs,
      async deliver(mail) {
        const { code: _code, ...message } = mail;
        await transport.sendMail({ from, ...message });
      },
    });
  }
  const outbox = join(dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const { code, ...message } = mail;
      const info = await transport.sendMail({ from, ...message });
      const file = join(outbox, `${Date.now()}-${mail.to.replace(/[^\w.@+-]/g, '_')}.eml`);
      writeFileSync(file, info.message as Buffer);
      // A first-time user without SMTP follows the links, or types the code, from the log.
      log.info(
        { to: mail.to, subject: mail.subject, file, links: linksIn(mail.text), code },
        'mail written to outbox',
      );
    },
  };
}

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}
