import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send: (message: SmsMessage) => Promise<void>;
}

/**
 * The SMS transport. The embedded default has no SMS provider: like mail, every message is
 * written to DATA_DIR/outbox/ as a `.json` file (`{to, text, sentAt}`, newest last by name),
 * which a developer can open and the tests read. A provider plugs in behind the same interface.
 */
export function createSmsSender(config: Config): SmsSender {
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    send: (message) => {
      fs.mkdirSync(outbox, { recursive: true });
      const sentAt = new Date().toISOString();
      const name = `${sentAt.replace(/[:.]/g, '-')}-sms-${crypto.randomBytes(3).toString('hex')}.json`;
      fs.writeFileSync(path.join(outbox, name), JSON.stringify({ ...message, sentAt }, null, 2));
      return Promise.resolve();
    },
  };
}
