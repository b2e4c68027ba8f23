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
      target: shortTarget(entry.target ?? ''),
    })
    .execute();
}

const TARGET_MAX = 200;

/**
 * A target that fits its column: a list too long to keep whole ("a@x.com, b@x.com, ...") keeps
 * its first names whole and says how many more there were, instead of ending mid-address.
 */
export function shortTarget(target: string): string {
  if (target.length <= TARGET_MAX) return target;
  const names = target.split(', ');
  const kept: string[] = [];
  for (const name of names) {
    const more = ` and ${String(names.length - kept.length - 1)} more`;
    if ([...kept, name].join(', ').length + more.length > TARGET_MAX) break;
    kept.push(name);
  }
  if (kept.length === 0) return `${target.slice(0, TARGET_MAX - 1)}…`;
  return `${kept.join(', ')} and ${String(names.length - kept.length)} more`;
}
