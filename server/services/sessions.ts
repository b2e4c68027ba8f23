import crypto from 'node:crypto';
import { TokenError } from 'fast-jwt';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Executor } from '../db/database';
import { compileOnce, compileOnceForKeys } from '../db/compile-once';
import { coalescedRead, type ReadByKey } from '../db/coalesced-read';
import { AppError } from '../app-error';
import { errorCodes } from '../../src/domain/api/envelope';
import type { ResellerRole } from '../../src/domain/api/reseller-users';
import type { ProductType } from '../../src/domain/api/session';
import { addDays, nowIso } from './clock';
import { randomToken, sha256 } from './crypto';
import { recordAudit } from './audit';
import type { Keyring } from './secrets';
import { createAccessTokens, type AccessClaims } from './access-tokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export interface SessionContext {
  ip: string;
  userAgent: string;
}

/** How a session was opened, as "Where you're signed in" shows it. */
export type SignInMethod = 'password' | 'sso_saml' | 'sso_oidc';

/**
 * How a reseller signed in, as the session records it: the method, and after SSO what the IdP's
 * sign-out needs (sealed, see sso/logout-hint.ts). A second step passes on its first step's.
 */
export interface SignedInBy {
  method: SignInMethod;
  ssoLogoutSealed?: string | null;
}

interface Options {
  /** Tokens are signed with the key in force; a previous key's tokens verify during a rotation. */
  tokenSecret: Keyring<string>;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  reuseGraceSeconds: number;
}

const expired = () =>
  new AppError(errorCodes.REFRESH_TOKEN_EXPIRED, 'Your session has expired. Sign in again.');
const notAuthorized = () =>
  new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');

/**
 * "Last active" of "Where you're signed in" is kept to the minute: the session check reads it
 * with the session, and only a session last marked over a minute ago is written (so a busy
 * session writes once a minute, not on every call). The condition repeats the check in SQL so
 * that two instances racing on the same session write once.
 */
export const LAST_ACTIVE_RESOLUTION_SECONDS = 60;
const touchSession = compileOnce((db, now, sessionId, staleBefore) =>
  db
    .updateTable('sessions')
    .set({ last_active_at: now })
    .where('id', '=', sessionId)
    .where((eb) =>
      eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', staleBefore)]),
    ),
);

/** The columns of `SessionAndCallerRow`: a route's own session read selects them too. */
export const SESSION_AND_CALLER_COLUMNS = [
  'sessions.revoked_at',
  'sessions.expires_at',
  'sessions.last_active_at',
  'sessions.subject_id',
  'users.role',
  'users.status',
  'users.account_id',
  'users.first_name',
  'users.last_name',
  'users.email',
] as const;

/**
 * A read of one session by id, with what the check joins to it (`select`: the statement without
 * its `where`, selecting the session's id as `key`). On PostgreSQL the reads of the requests that
 * arrive together share one statement (coalesced-read.ts: under load, one round trip for several
 * calls); on SQLite each call runs its own. Both statements are compiled once.
 */
export function sessionReadBy<Tables, Table extends keyof Tables, Row extends { key: string }>(
  select: (db: Executor) => SelectQueryBuilder<Tables, Table, Row>,
): ReadByKey<Row> {
  const id = sql.ref('sessions.id');
  return coalescedRead(
    compileOnce((db, sessionId: string) => select(db).where(sql<boolean>`${id} = ${sessionId}`)),
    compileOnceForKeys((db, sessionIds) =>
      select(db).where(sql<boolean>`${id} = any(${sessionIds})`),
    ),
  );
}

/**
 * The session check of a reseller's request, with the caller read in the same statement (the
 * session's subject is a user): role and status for the permission, account and name for the
 * route (`sessionActorOf`), so a call needs no second round trip to learn who is calling.
 */
const sessionAndCaller: SessionRead = sessionReadBy((db) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.subject_id')
    .select(['sessions.id as key', ...SESSION_AND_CALLER_COLUMNS]),
);

/**
 * The session check of a partner's request, with the partner's account status read in the same
 * statement: reports are for approved partners only, and asking again took a round trip.
 */
const sessionAndPartner = sessionReadBy((db) =>
  db
    .selectFrom('sessions')
    .leftJoin('partners', 'partners.id', 'sessions.subject_id')
    .select([
      'sessions.id as key',
      'sessions.revoked_at',
      'sessions.expires_at',
      'sessions.last_active_at',
      'sessions.subject_id',
      'partners.account_status',
    ]),
);

/** What the session check needs of a session row, whichever statement read it. */
interface LiveSession {
  revoked_at: string | null;
  expires_at: string;
  last_active_at: string | null;
  subject_id: string;
}

/** The signed-in reseller user's role and status, as the session check read them. */
export interface Caller {
  role: ResellerRole;
  status: string;
}

/** What the session check reads of a session and of the reseller user it belongs to. */
export interface SessionAndCallerRow {
  revoked_at: string | null;
  expires_at: string;
  last_active_at: string | null;
  subject_id: string;
  /** The user's columns: null when the user row is gone. */
  role: ResellerRole | null;
  status: string | null;
  account_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/**
 * A reseller route's own read joined to the session check in one statement (its `where` is the
 * session id): it selects at least the columns of `SessionAndCallerRow`, and the check is the same
 * as `authenticateReseller`'s. A route declares it as `config.sessionRead` (route-policy.ts).
 */
export type SessionRead<Row extends SessionAndCallerRow = SessionAndCallerRow> = (
  db: Executor,
  sessionId: string,
) => Promise<Row[]>;

/**
 * Sessions are token families: one short-lived signed access token (stateless, but checked
 * against the session row so logout is immediate) and a rotating, single-use refresh token
 * stored only as a hash. Presenting a used refresh token after the overlap window is treated as
 * theft: the whole family (the session) is revoked.
 */
export function createSessionService(db: Database, options: Options) {
  const accessTokens = createAccessTokens(options.tokenSecret, options.accessTtlSeconds);
  const issueAccess = accessTokens.issue;

  async function start(
    kind: ProductType,
    subjectId: string,
    context: SessionContext,
    otpLogin = false,
    by: SignedInBy = { method: 'password' },
  ): Promise<TokenPair> {
    const sessionId = crypto.randomUUID();
    const refreshToken = randomToken();
    const now = nowIso();
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sessions')
        .values({
          id: sessionId,
          subject_kind: kind,
          subject_id: subjectId,
          otp_login: otpLogin ? 1 : 0,
          created_at: now,
          expires_at: addDays(now, options.refreshTtlDays),
          revoked_at: null,
          ip: context.ip,
          user_agent: context.userAgent.slice(0, 300),
          sign_in_method: by.method,
          sso_logout_sealed: by.ssoLogoutSealed ?? null,
          last_active_at: now,
        })
        .execute();
      await tx
        .insertInto('refresh_tokens')
        .values({
          token_hash: sha256(refreshToken),
          session_id: sessionId,
          created_at: now,
          used_at: null,
        })
        .execute();
    });
    const accessToken = issueAccess({ sid: sessionId, sub: subjectId, kind, otp: otpLogin });
    return { accessToken, refreshToken, sessionId };
  }

  async function refresh(
    kind: ProductType,
    refreshToken: string | undefined,
    context: SessionContext,
  ): Promise<TokenPair> {
    if (!refreshToken) throw expired();
    const tokenHash = sha256(refreshToken);
    const now = nowIso();
    const outcome = await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.used_at',
          'sessions.id as session_id',
          'sessions.subject_kind',
          'sessions.subject_id',
          'sessions.otp_login',
          'sessions.expires_at',
          'sessions.revoked_at',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.subject_kind !== kind || row.revoked_at !== null || row.expires_at <= now) {
        return { kind: 'expired' as const };
      }
      // Used already, or used a moment ago by a request racing this one (two tabs, or two
      // instances, refreshing at once: the losing update finds `used_at` set and reads it back).
      let usedAt = row.used_at;
      if (usedAt === null) {
        const marked = await tx
          .updateTable('refresh_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (marked.numUpdatedRows === 0n) {
          const raced = await tx
            .selectFrom('refresh_tokens')
            .select('used_at')
            .where('token_hash', '=', tokenHash)
            .executeTakeFirst();
          usedAt = raced?.used_at ?? now;
        }
      }
      if (usedAt !== null) {
        const ageMs = Date.parse(now) - Date.parse(usedAt);
        if (ageMs > options.reuseGraceSeconds * 1000) {
          await tx
            .updateTable('sessions')
            .set({ revoked_at: now })
            .where('id', '=', row.session_id)
            .execute();
          await recordAudit(tx, {
            subjectKind: kind,
            subjectId: row.subject_id,
            action: 'session.refresh_token_reuse',
            ip: context.ip,
            userAgent: context.userAgent,
            details: { sessionId: row.session_id },
          });
          return { kind: 'reused' as const };
        }
        // Inside the overlap window: another tab rotated this token a moment ago. Give this
        // caller its own successor instead of logging the user out.
      }
      const next = randomToken();
      await tx
        .insertInto('refresh_tokens')
        .values({
          token_hash: sha256(next),
          session_id: row.session_id,
          created_at: now,
          used_at: null,
        })
        .execute();
      return {
        kind: 'ok' as const,
        pair: {
          refreshToken: next,
          sessionId: row.session_id,
          accessToken: issueAccess({
            sid: row.session_id,
            sub: row.subject_id,
            kind,
            otp: row.otp_login === 1,
          }),
        },
      };
    });
    if (outcome.kind !== 'ok') throw expired();
    return outcome.pair;
  }

  /** The claims of a validly signed, unexpired access token of `kind`; nothing is read. */
  function verifyAccess(kind: ProductType, accessToken: string | undefined): AccessClaims {
    if (!accessToken) throw notAuthorized();
    let claims: AccessClaims;
    try {
      claims = accessTokens.verify(accessToken);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) {
        throw new AppError(errorCodes.TOKEN_EXPIRED, 'Your session token has expired.');
      }
      throw notAuthorized();
    }
    if (claims.kind !== kind) throw notAuthorized();
    return claims;
  }

  /**
   * Refuses a session that is gone, revoked, expired or another subject's than the token's, and
   * marks it active when its mark is over a minute old (a fresh one costs nothing). The clock is
   * read once: the check ran on every signed-in call, and read and parsed it three times.
   */
  async function liveSession<S extends LiveSession>(claims: AccessClaims, session: S | undefined) {
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    const live = session?.revoked_at === null && session.expires_at > now;
    if (!live || session.subject_id !== claims.sub) throw notAuthorized();
    const staleBefore = new Date(nowMs - LAST_ACTIVE_RESOLUTION_SECONDS * 1000).toISOString();
    if (session.last_active_at === null || session.last_active_at < staleBefore) {
      await touchSession(db, now, claims.sid, staleBefore);
    }
    return session;
  }

  /**
   * The session check of a reseller's call (the token, then the session: live, and the token's
   * subject's), with the caller read in the same statement, or the route's own read when it
   * declared one; `caller` is undefined when the user row is gone. Compiled once.
   */
  async function authenticateReseller<Row extends SessionAndCallerRow>(
    accessToken: string | undefined,
    read: SessionRead<Row> = sessionAndCaller as SessionRead<Row>,
  ): Promise<{ claims: AccessClaims; caller: Caller | undefined; row: Row }> {
    const claims = verifyAccess('reseller', accessToken);
    const session = await liveSession(claims, (await read(db, claims.sid))[0]);
    const { role, status } = session;
    const caller = role !== null && status !== null ? { role, status } : undefined;
    return { claims, caller, row: session };
  }

  /** The same check of a partner's call, with the partner's account status (null: no row). */
  async function authenticatePartner(
    accessToken: string | undefined,
  ): Promise<{ claims: AccessClaims; accountStatus: string | null }> {
    const claims = verifyAccess('partner', accessToken);
    const session = await liveSession(claims, (await sessionAndPartner(db, claims.sid))[0]);
    return { claims, accountStatus: session.account_status };
  }

  /** Ends the session the given tokens belong to (either may be missing or stale). */
  async function revoke(
    kind: ProductType,
    tokens: { access?: string; refresh?: string },
  ): Promise<string | null> {
    let sessionId: string | null = null;
    if (tokens.refresh) {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('session_id')
        .where('token_hash', '=', sha256(tokens.refresh))
        .executeTakeFirst();
      sessionId = row?.session_id ?? null;
    }
    if (!sessionId && tokens.access) {
      try {
        // An expired access token still names its session; its signature is what matters here.
        const claims = accessTokens.verifyIgnoringExpiry(tokens.access);
        if (claims.kind === kind) sessionId = claims.sid;
      } catch {
        sessionId = null;
      }
    }
    if (!sessionId) return null;
    await db
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('id', '=', sessionId)
      .where('subject_kind', '=', kind)
      .where('revoked_at', 'is', null)
      .execute();
    return sessionId;
  }

  return { start, refresh, authenticateReseller, authenticatePartner, revoke };
}

export type SessionService = ReturnType<typeof createSessionService>;
