import crypto from 'node:crypto';
import type { Executor } from '../db/database';
import { nowIso } from './clock';
import type { AuditAction } from '../../src/domain/api/activity-actions';

export interface AuditEntry {
  subjectKind: 'reseller' | 'partner' | 'system';
  subjectId?: string | null;
  accountId?: string | null;
  /** One of the activity log's actions: each has its label (src/domain/api/activity-actions.ts). */
  action: AuditAction;
  ip?: string;
  userAgent?: string;
  details?: Record<string, unknown>;
  /**
   * What the action was done to, shown in the activity log: the user's e-mail, the team's name,
   * the plan, the invoice number, how many invitations.
   */
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
