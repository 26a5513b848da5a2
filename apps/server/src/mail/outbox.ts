import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema.js';
import type { Mail, Mailer } from './mail.js';

/** Waits after the 1st, 2nd, … failed attempt; the last repeats. About a day of tries in all. */
const RETRY_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];
const MAX_ATTEMPTS = 30;
/** A mail being sent is not taken by another instance for this long. */
const LEASE_MS = 5 * 60_000;
/** How often the outbox is looked at when nothing is due: mails another instance queued. */
const POLL_MS = 30_000;
const BATCH = 10;

export interface OutboxOptions {
  db: Kysely<Database>;
  /** Sends one mail for good (the SMTP transport); throws when it could not. */
  deliver: (mail: Mail) => Promise<void>;
  log: FastifyBaseLogger;
  retryDelaysMs?: number[];
  maxAttempts?: number;
  pollMs?: number;
}

export interface MailOutbox extends Mailer {
  /** Stops the worker; a mail being sent finishes first. What is queued waits for the next start. */
  close(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Mails kept in the database until the SMTP server takes them: `send` queues (the request that asked
 * for a mail does not wait for SMTP, nor fail when it is down), and a worker sends what is due,
 * retrying with back-off. Several instances on one database share the outbox: a mail is leased
 * before it is sent, so only one of them sends it.
 */
export function createMailOutbox({
  db,
  deliver,
  log,
  retryDelaysMs = RETRY_DELAYS_MS,
  maxAttempts = MAX_ATTEMPTS,
  pollMs = POLL_MS,
}: OutboxOptions): MailOutbox {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const delayAfter = (attempts: number) =>
    retryDelaysMs[Math.min(attempts, retryDelaysMs.length) - 1] as number;

  function wake(inMs = 0): void {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, inMs));
    timer.unref();
  }

  function run(): void {
    if (running) {
      again = true;
      return;
    }
    running = sendDue()
      .catch((error) => {
        log.error({ err: error }, 'the mail outbox could not be read');
        return pollMs;
      })
      .then((nextInMs) => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        } else wake(nextInMs);
      });
  }

  /** Sends every due mail; answers when to look again. */
  async function sendDue(): Promise<number> {
    for (;;) {
      const due = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', iso(Date.now()))
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) break;
      for (const row of due) {
        if (closed) return pollMs;
        await attempt(row);
      }
    }
    const next = await db
      .selectFrom('mail_outbox')
      .select('next_attempt_at')
      .where('failed_at', 'is', null)
      .orderBy('next_attempt_at')
      .limit(1)
      .executeTakeFirst();
    return next ? Math.min(Date.parse(next.next_attempt_at) - Date.now(), pollMs) : pollMs;
  }

  async function attempt(row: Selectable<MailOutboxTable>): Promise<void> {
    const leased = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: iso(Date.now() + LEASE_MS) })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) === 0) return; // another instance took it
    const mail = JSON.parse(row.message) as Mail;
    try {
      await deliver(mail);
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= maxAttempts;
      const message = (error as Error).message;
      await db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: message.slice(0, 2000),
          next_attempt_at: iso(Date.now() + delayAfter(attempts)),
          failed_at: failed ? iso(Date.now()) : null,
        })
        .where('id', '=', row.id)
        .execute();
      const context = { to: mail.to, subject: mail.subject, attempts, err: error };
      if (failed) log.error(context, 'mail not sent: given up after its last attempt');
      else log.warn({ ...context, retryInMs: delayAfter(attempts) }, 'mail not sent yet: will retry');
      return;
    }
    await db.deleteFrom('mail_outbox').where('id', '=', row.id).execute();
    log.info({ to: mail.to, subject: mail.subject, attempts: row.attempts + 1 }, 'mail sent');
  }

  wake();

  return {
    async send(mail) {
      const now = iso(Date.now());
      await db
        .insertInto('mail_outbox')
        .values({ message: JSON.stringify(mail), next_attempt_at: now, created_at: now })
        .execute();
      wake();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
