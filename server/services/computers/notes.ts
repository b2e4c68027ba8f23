import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import type { ComputerNote } from '../../../src/domain/api/computers';
import { nowIso } from '../clock';
import { assertCan, displayName, type Actor } from '../reseller-users/actor';
import type { RequestInfo } from '../reseller-users/users-common';
import { audit, ownComputers } from './common';

/*
 * Comments and messages belong to one computer and to the managers of its account:
 * - a comment is a note kept on the computer (6–4000 characters), listed newest first;
 * - a message (under 250 characters) is sent to the computer and recorded, with its sender, until
 *   the computer's agent picks it up on its next connection (delivered_at).
 */

export async function listComments(
  db: Executor,
  actor: Actor,
  computerId: string,
): Promise<ComputerNote[]> {
  assertCan(actor, 'computers.manage');
  await ownComputers(db, actor, [computerId]);
  const rows = await db
    .selectFrom('computer_comments')
    .select(['id', 'body', 'author_name', 'created_at'])
    .where('computer_id', '=', computerId)
    .where('account_id', '=', actor.accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    text: row.body,
    author: row.author_name,
    createdAt: row.created_at,
    deliveredAt: null,
  }));
}

export async function listMessages(
  db: Executor,
  actor: Actor,
  computerId: string,
): Promise<ComputerNote[]> {
  assertCan(actor, 'computers.manage');
  await ownComputers(db, actor, [computerId]);
  const rows = await db
    .selectFrom('computer_messages')
    .select(['id', 'body', 'author_name', 'created_at', 'delivered_at'])
    .where('computer_id', '=', computerId)
    .where('account_id', '=', actor.accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    text: row.body,
    author: row.author_name,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  }));
}

export async function addComment(
  db: Executor,
  actor: Actor,
  computerId: string,
  text: string,
  info: RequestInfo,
): Promise<void> {
  assertCan(actor, 'computers.manage');
  await db.transaction().execute(async (tx) => {
    const [computer] = await ownComputers(tx, actor, [computerId]);
    await tx
      .insertInto('computer_comments')
      .values({
        id: crypto.randomUUID(),
        computer_id: computerId,
        account_id: actor.accountId,
        author_user_id: actor.userId,
        author_name: displayName(actor),
        body: text,
        created_at: nowIso(),
      })
      .execute();
    await audit(tx, actor, 'computer.comment', info, computer?.name ?? '', {
      computer: computerId,
    });
  });
}

export async function sendMessage(
  db: Executor,
  actor: Actor,
  computerId: string,
  text: string,
  info: RequestInfo,
): Promise<void> {
  assertCan(actor, 'computers.manage');
  await db.transaction().execute(async (tx) => {
    const [computer] = await ownComputers(tx, actor, [computerId]);
    await tx
      .insertInto('computer_messages')
      .values({
        id: crypto.randomUUID(),
        computer_id: computerId,
        account_id: actor.accountId,
        author_user_id: actor.userId,
        author_name: displayName(actor),
        body: text,
        created_at: nowIso(),
        delivered_at: null,
      })
      .execute();
    await audit(tx, actor, 'computer.message', info, computer?.name ?? '', {
      computer: computerId,
    });
  });
}
