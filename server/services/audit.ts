import crypto from 'node:crypto';
import type { Executor } from '../db/database';
import { nowIso } from './clock';

export interface AuditEntry {
  subjectKind: 'reseller' | 'partner' | 'system';
  subjectId?: string | null;
  accountId?: string | null;
  action: string;
  ip?: string;
  userAgent?: string;
  details?: Record<string, unknown>;
  /** What the action was done to, shown in the activity log (an e-mail, a computer name). */
  target?: string;
}

/** The audit trail: who did what, from where. Never pass secrets or card data in `details`. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      subject_kind: entry.subjectKind,
      subject_id: entry.subjectId ?? null,
      account_id: entry.accountId ?? null,
      action: entry.action,
      ip: entry.ip ?? '',
      user_agent: (entry.userAgent ?? '').slice(0, 300),
      details: JSON.stringify(entry.details ?? {}),
      created_at: nowIso(),
      target: (entry.target ?? '').slice(0, 200),
    })
    .execute();
}
