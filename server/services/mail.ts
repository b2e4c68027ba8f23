import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
  /**
   * Sends after the answer has gone: for mails whose sending must not show in the answer's
   * timing (a reset link only a registered address gets). A failure is reported to `onError`.
   */
  sendLater: (message: MailMessage, onError: (error: unknown) => void) => void;
  /** Resolves when every mail handed to `sendLater` so far has been sent or has failed. */
  idle: () => Promise<void>;
}

/** Adds `sendLater` and `idle` to a transport's `send`. */
function withBackground(send: Mailer['send']): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    send,
    sendLater: (message, onError) => {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => send(message))
        .catch(onError)
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    idle: async () => {
      await Promise.all([...pending]);
    },
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to
 * DATA_DIR/outbox/ (newest last by name), which a developer can open and the tests read.
 */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return withBackground(async (message) => {
      await transport.sendMail({ from: config.mailFrom, ...message });
    });
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return withBackground(async (message) => {
    const info = await transport.sendMail({ from: config.mailFrom, ...message });
    fs.mkdirSync(outbox, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`;
    fs.writeFileSync(path.join(outbox, name), info.message as Buffer);
  });
}
