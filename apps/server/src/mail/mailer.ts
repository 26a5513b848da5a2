import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time code the reader types in; logged beside the links when there is no SMTP. */
  code?: string;
  /** Files sent with the mail, read from disk as it goes out. */
  attachments?: { filename: string; path: string; contentType?: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/** Real SMTP when `SMTP_URL` is set; otherwise each mail becomes an `.eml` file in `$DATA_DIR/outbox`. */
export function createMailer({ smtpUrl, dataDir, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const { code: _code, ...message } = mail;
        await transport.sendMail({ from, ...message });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
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
