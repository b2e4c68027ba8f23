import fs from 'node:fs';
import path from 'node:path';

/**
 * Every mail the server wrote to DATA_DIR/outbox for `to`, oldest first, with quoted-printable
 * undone (soft line breaks and =XX escapes), so links can be read as sent.
 */
export function mailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) =>
      fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((text) => text.includes(`To: ${to}`));
}

/** The link of the newest invitation e-mail to `email` in the outbox. */
export function invitationLinkFromOutbox(dataDir: string, email: string): string {
  for (const text of mailsTo(dataDir, email).reverse()) {
    const match = /https?:\/\/\S+\/rpc-app\/reseller\/addUser\?\S+/.exec(text);
    if (match) return match[0];
  }
  throw new Error(`no invitation for ${email}`);
}
