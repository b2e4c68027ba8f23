import crypto from 'node:crypto';
import { detectCardBrand } from '../../../src/domain/cards';
import { rules } from '../../../src/domain/validation';
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

export function createSandboxGateway(): PaymentGateway {
  // Answers by idempotency key, so a retried charge returns the first answer.
  const charges = new Map<string, ChargeResult>();
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
      const previous = charges.get(request.idempotencyKey);
      if (previous) return Promise.resolve(previous);
      const result: ChargeResult =
        request.token.startsWith('sbx_ok_') && request.amountMinor >= 0
          ? { ok: true, reference: `ch_${crypto.randomBytes(10).toString('hex')}` }
          : { ok: false, reason: 'payment_failed' };
      charges.set(request.idempotencyKey, result);
      return Promise.resolve(result);
    },
    findCharge(idempotencyKey: string): Promise<ChargeResult | undefined> {
      return Promise.resolve(charges.get(idempotencyKey));
    },
    refund(request: RefundRequest): Promise<ChargeResult> {
      // A card that fails charges (or a token this gateway never issued) cannot take a refund.
      const key = `refund:${request.idempotencyKey}`;
      const previous = charges.get(key);
      if (previous) return Promise.resolve(previous);
      const result: ChargeResult =
        request.token.startsWith('sbx_ok_') && request.amountMinor > 0
          ? { ok: true, reference: `re_${crypto.randomBytes(10).toString('hex')}` }
          : { ok: false, reason: 'payment_failed' };
      charges.set(key, result);
      return Promise.resolve(result);
    },
  };
}
