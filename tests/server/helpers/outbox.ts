import fs from 'node:fs';
import path from 'node:path';

/** The link of the newest invitation e-mail to `email` in the outbox (quoted-printable decoded). */
export function invitationLinkFromOutbox(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
  for (const file of files) {
    const text = fs
      .readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!text.includes(`To: ${email}`)) continue;
    const match = /https?:\/\/\S+\/rpc-app\/reseller\/addUser\?\S+/.exec(text);
    if (match) return match[0];
  }
  throw new Error(`no invitation for ${email}`);
}
