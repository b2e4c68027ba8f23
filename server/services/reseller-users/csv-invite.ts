import { assertUsersWithinPlan, lockPlanComputerLimit } from './plan-limit';
import type { AppContext } from '../../context';
import { BULK_WRITE_ROWS, refreshPlannerStatistics } from '../../db/planner-statistics';
import { CSV_ROWS_FAILED, csvRowField } from '../../../src/domain/api/reseller-users';
import { errorCodes } from '../../../src/domain/api/envelope';
import { parseInvitationCsv, type CsvIssue } from '../../../src/domain/csv-invitation';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import { recordAudit } from '../audit';
import { nowIso } from '../clock';
import { assertCan, type Actor } from './actor';
import { createInvitedUser } from './users-add';
import { byActor, type RequestInfo } from './users-common';
import { allottedTotal, takenEmails } from './users-repository';

import { userMessages, withinPlan } from '../../../src/domain/api/reseller-users';

/**
 * An all-or-nothing refusal that names every failed row (the route sends them all). The file is
 * a string the document allows; what is wrong is its content, a rule no schema states, so the
 * answer is 422: CSV_ROWS_FAILED when rows failed, RULE_FAILED when the file as a whole did.
 */
export class CsvFailure extends Error {
  readonly statusCode = 422;
  constructor(
    readonly code: string,
    message: string,
    readonly issues: readonly CsvIssue[],
  ) {
    super(message);
  }

  envelope() {
    return {
      code: this.statusCode,
      status: 'ERROR' as const,
      errors: [
        { description: this.code, message: this.message, field: 'csv' },
        ...this.issues
          .filter((issue) => issue.row !== null)
          .map((issue) => ({
            description: errorCodes.RULE_FAILED,
            message: issue.message,
            field: csvRowField(issue.row, issue.column),
          })),
      ],
    };
  }
}

/**
 * CSV bulk invitation: the file is checked again here with the same rules as the console, then
 * every row against the database, and all users are created in one transaction or none. The
 * e-mails go out after the commit.
 */
export async function inviteFromCsv(
  ctx: AppContext,
  actor: Actor,
  input: { csv: string; role: 'sub_admin' | 'sub_user' },
  info: RequestInfo,
): Promise<number> {
  assertCan(actor, 'users.manage');
  if (input.role === 'sub_admin' && actor.role !== 'admin') {
    throw new AppError(errorCodes.FORBIDDEN, formatMessage('permission.denied'));
  }
  const parsed = parseInvitationCsv(input.csv);
  if (!parsed.ok) {
    const code = parsed.issues.some((issue) => issue.row !== null && issue.column !== undefined)
      ? CSV_ROWS_FAILED
      : errorCodes.RULE_FAILED;
    throw new CsvFailure(code, parsed.message, parsed.issues);
  }
  const invitees = parsed.invitees;
  const failed = () => formatMessage('csv.accounts.failed');
  const mails = await ctx.db.transaction().execute(async (tx) => {
    const taken = await takenEmails(
      tx,
      invitees.map((invitee) => invitee.email),
    );
    const issues: CsvIssue[] = invitees
      .filter((invitee) => taken.has(invitee.email.toLowerCase()))
      .map((invitee) => ({
        row: invitee.row,
        column: 'email',
        message: formatMessage('email.exists'),
      }));
    if (issues.length > 0) throw new CsvFailure(CSV_ROWS_FAILED, failed(), issues);
    await assertUsersWithinPlan(tx, actor.accountId, invitees.length);
    const extra = invitees.reduce((sum, invitee) => sum + (invitee.allottedComputers ?? 0), 0);
    const limit = await lockPlanComputerLimit(tx, actor.accountId);
    if (!withinPlan(await allottedTotal(tx, actor.accountId), extra, limit)) {
      throw new CsvFailure(errorCodes.RULE_FAILED, userMessages.allottedOverPlan, []);
    }
    const now = nowIso();
    const created = [];
    for (const invitee of invitees) {
      created.push(
        await createInvitedUser(
          tx,
          ctx,
          actor,
          {
            email: invitee.email,
            firstName: invitee.firstName,
            lastName: invitee.lastName,
            role: input.role,
            allotedComputers: invitee.allottedComputers ?? 0,
          },
          now,
        ),
      );
    }
    await recordAudit(tx, {
      ...byActor(actor, info),
      action: 'user.invite.csv',
      target: created.length === 1 ? '1 invitation' : `${created.length} invitations`,
      details: { count: created.length },
    });
    return created.map((entry) => entry.mail);
  });
  if (mails.length >= BULK_WRITE_ROWS) {
    await refreshPlannerStatistics(ctx.db, ctx.dialect, ['users', 'invitations']);
  }
  // A few at a time: the outbox and SMTP both cope, and 500 mails do not take 500 round trips.
  for (let i = 0; i < mails.length; i += 25) {
    await Promise.all(mails.slice(i, i + 25).map((mail) => ctx.mailer.send(mail)));
  }
  return mails.length;
}
