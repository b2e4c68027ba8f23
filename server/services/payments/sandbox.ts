import crypto from 'node:crypto';
import { detectCardBrand } from '../../../src/domain/cards';
import { rules } from '../../../src/domain/validation';
import type { Database } from '../../db/database';
import type {
  CardInput,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  TokenizeResult,
} from './gateway';

/**
 * Test numbers of the sandbox (all pass the Luhn check):
 * - 4000000000000002 (Visa): refused when saved: "Credit card could not be processed".
 * - 4000000000000341 (Visa): saved, but every charge fails: "There was an error in completing the
 *   payment. Check your credit card information and try again."
 * Any other valid number of a supported brand (e.g. 4242424242424242, 5555555555554444,
 * 378282246310005) is accepted and charged.
 */
export const sandboxTestCards = {
  declinedOnSave: '4000000000000002',
  failsOnCharge: '4000000000000341',
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
} as const;

/** Whether a card's expiry month is this month or later. */
export function isExpiryInFuture(month: number, year: number, now: Date = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) >= current;
}

/** Where the sandbox keeps its answers by idempotency key. */
interface AnswerBook {
  /** The answer already given under this key, or the one `decide` gives now (kept for good). */
  answer(
    kind: 'charge' | 'refund',
    request: ChargeRequest,
    decide: () => ChargeResult,
  ): Promise<ChargeResult>;
  find(key: string): Promise<ChargeResult | undefined>;
}

/** One process's memory: for unit tests that build a gateway of their own. */
function memoryBook(): AnswerBook {
  const answers = new Map<string, ChargeResult>();
  return {
    answer: (kind, request, decide) => {
      const key = kind === 'refund' ? `refund:${request.idempotencyKey}` : request.idempotencyKey;
      const result = answers.get(key) ?? decide();
      answers.set(key, result);
      return Promise.resolve(result);
    },
    find: (key) => Promise.resolve(answers.get(key)),
  };
}

/**
 * The database, as a real gateway keeps its own books: whichever instance asks, one key gets one
 * answer. The insert that loses a race does nothing, and both read the winner's row.
 */
function databaseBook(db: Database): AnswerBook {
  const read = async (key: string): Promise<ChargeResult | undefined> => {
    const row = await db
      .selectFrom('sandbox_gateway_operations')
      .select(['ok', 'reference', 'reason'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.ok === 1
      ? { ok: true, reference: row.reference ?? '' }
      : { ok: false, reason: row.reason === 'not_processed' ? 'not_processed' : 'payment_failed' };
  };
  return {
    async answer(kind, request, decide) {
      const key = kind === 'refund' ? `refund:${request.idempotencyKey}` : request.idempotencyKey;
      const previous = await read(key);
      if (previous) return previous;
      const result = decide();
      await db
        .insertInto('sandbox_gateway_operations')
        .values({
          idempotency_key: key,
          kind,
          token: request.token,
          amount_minor: request.amountMinor,
          currency: request.currency,
          ok: result.ok ? 1 : 0,
          reference: result.ok ? result.reference : null,
          reason: result.ok ? null : result.reason,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
      return (await read(key)) ?? result;
    },
    find: read,
  };
}

/**
 * The sandbox gateway. Given the database it keeps its answers there, so several instances see
 * one gateway (the server's default); without, in memory (tests that want a gateway of their own).
 */
export function createSandboxGateway(db?: Database): PaymentGateway {
  const book = db ? databaseBook(db) : memoryBook();
  return {
    name: 'sandbox',
    tokenize(card: CardInput, now = new Date()): Promise<TokenizeResult> {
      const number = card.cardNumber.replace(/[\s-]/g, '');
      if (rules.cardNumber(number) !== null) {
        return Promise.resolve({ ok: false, reason: 'not_processed', field: 'cardNumber' });
      }
      if (rules.cvv(card.cvv) !== null) {
        return Promise.resolve({ ok: false, reason: 'not_processed', field: 'cvv' });
      }
      if (!isExpiryInFuture(card.expMonth, card.expYear, now)) {
        return Promise.resolve({ ok: false, reason: 'not_processed', field: 'expMonth' });
      }
      if (number === sandboxTestCards.declinedOnSave) {
        return Promise.resolve({ ok: false, reason: 'not_processed' });
      }
      const brand = detectCardBrand(number);
      if (!brand)
        return Promise.resolve({ ok: false, reason: 'not_processed', field: 'cardNumber' });
      // The card's behaviour travels in its token, as test tokens do at real gateways.
      const behaviour = number === sandboxTestCards.failsOnCharge ? 'fail' : 'ok';
      return Promise.resolve({
        ok: true,
        card: {
          token: `sbx_${behaviour}_${crypto.randomBytes(12).toString('hex')}`,
          brand,
          last4: number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      });
    },
    charge(request: ChargeRequest): Promise<ChargeResult> {
      return book.answer('charge', request, () =>
        request.token.startsWith('sbx_ok_') && request.amountMinor >= 0
          ? { ok: true, reference: `ch_${crypto.randomBytes(10).toString('hex')}` }
          : { ok: false, reason: 'payment_failed' },
      );
    },
    findCharge(idempotencyKey: string): Promise<ChargeResult | undefined> {
      return book.find(idempotencyKey);
    },
    refund(request: RefundRequest): Promise<ChargeResult> {
      // A card that fails charges (or a token this gateway never issued) cannot take a refund.
      return book.answer('refund', request, () =>
        request.token.startsWith('sbx_ok_') && request.amountMinor > 0
          ? { ok: true, reference: `re_${crypto.randomBytes(10).toString('hex')}` }
          : { ok: false, reason: 'payment_failed' },
      );
    },
  };
}
