import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { addSeconds, nowIso } from './clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Writes the mail to the database outbox, then delivers it at once. A delivery that fails
   * stays in the outbox and is retried by whichever instance's poller finds it first.
   */
  send: (message: MailMessage) => Promise<void>;
  /**
   * The same, after the answer has gone: for mails whose sending must not show in the answer's
   * timing (a reset link only a registered address gets). A failure is reported to `onError`.
   */
  sendLater: (message: MailMessage, onError: (error: unknown) => void) => void;
  /** Delivers what is due and unclaimed (mail left by a failed try or a stopped instance). */
  deliverDue: () => Promise<number>;
  /** Resolves when every delivery this process started so far has ended. */
  idle: () => Promise<void>;
}

/** A claim on an outbox row lasts this long: a delivery that dies is retried after it. */
const CLAIM_SECONDS = 120;
/** After this many failed tries a mail stays in the outbox, marked, for an operator. */
const MAX_ATTEMPTS = 8;

type Deliver = (message: MailMessage) => Promise<void>;

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to
 * DATA_DIR/outbox/ (newest last by name), which a developer can open and the tests read.
 */
function transportOf(config: Config): Deliver {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return async (message) => {
      await transport.sendMail({ from: config.mailFrom, ...message });
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return async (message) => {
    const info = await transport.sendMail({ from: config.mailFrom, ...message });
    fs.mkdirSync(outbox, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`;
    fs.writeFileSync(path.join(outbox, name), info.message as Buffer);
  };
}

/**
 * The mail outbox: every mail is a row of `mail_outbox` first (so no instance's death loses
 * one), then delivered by whoever claims the row: a claim is one conditional update, so of two
 * instances only one delivers. A crash after the transport accepted a mail and before the row
 * was marked sent lets the claim lapse and the mail go twice: the one case SMTP cannot close.
 */
export function createMailer(
  config: Config,
  db: Database,
  onDelivered: (outcome: 'sent' | 'failed') => void = () => undefined,
): Mailer {
  const deliver = transportOf(config);
  const pending = new Set<Promise<unknown>>();
  const track = <T>(task: Promise<T>): Promise<T> => {
    pending.add(task);
    void task.finally(() => pending.delete(task)).catch(() => undefined);
    return task;
  };

  async function claim(id: string, now: string): Promise<boolean> {
    const claimed = await db
      .updateTable('mail_outbox')
      .set((eb) => ({
        claimed_until: addSeconds(now, CLAIM_SECONDS),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return claimed.numUpdatedRows === 1n;
  }

  /** Delivers one row if this process wins its claim; a failure schedules the next try. */
  async function deliverRow(id: string): Promise<boolean> {
    if (!(await claim(id, nowIso()))) return false;
    const row = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    try {
      await deliver({
        to: row.recipient,
        subject: row.subject,
        text: row.body_text,
        ...(row.body_html === null ? {} : { html: row.body_html }),
      });
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: nowIso(), claimed_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
      onDelivered('sent');
      return true;
    } catch (error) {
      const attempts = row.attempts;
      const wait = attempts >= MAX_ATTEMPTS ? 365 * 86_400 : Math.min(3600, 30 * 2 ** attempts);
      await db
        .updateTable('mail_outbox')
        .set({
          claimed_until: null,
          next_attempt_at: addSeconds(nowIso(), wait),
          last_error: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where('id', '=', id)
        .execute();
      onDelivered('failed');
      throw error;
    }
  }

  async function send(message: MailMessage): Promise<void> {
    const id = crypto.randomUUID();
    const now = nowIso();
    await db
      .insertInto('mail_outbox')
      .values({
        id,
        recipient: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html ?? null,
        created_at: now,
        next_attempt_at: now,
        claimed_until: null,
        sent_at: null,
        last_error: null,
      })
      .execute();
    // The mail is safe in the outbox: a failed delivery is the poller's to retry, not the caller's.
    await track(deliverRow(id)).catch(() => undefined);
  }

  async function deliverDue(): Promise<number> {
    const now = nowIso();
    const due = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('created_at')
      .limit(50)
      .execute();
    let sent = 0;
    for (const { id } of due) {
      if (await track(deliverRow(id)).catch(() => false)) sent += 1;
    }
    return sent;
  }

  return {
    send,
    sendLater: (message, onError) => {
      void track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => send(message))
          .catch(onError),
      );
    },
    deliverDue,
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
