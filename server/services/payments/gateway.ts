import type { CardBrand } from '../../../src/domain/cards';

/** What the customer types; it lives only in memory for the length of one request. */
export interface CardInput {
  cardNumber: string;
  cvv: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

/** What may be stored: the gateway's token, the brand, the last four digits and the expiry. */
export interface StoredCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Refusal reasons map to the spec's two payment texts. */
export type DeclineReason = 'not_processed' | 'payment_failed';

export type TokenizeResult =
  { ok: true; card: StoredCard } | { ok: false; reason: DeclineReason; field?: string };

export interface ChargeRequest {
  token: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** The same key never charges twice. */
  idempotencyKey: string;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; reason: DeclineReason };

/** Money back to the card a charge was made on (same idempotency rule as a charge). */
export type RefundRequest = ChargeRequest;

/** The payment processor seam: a sandbox by default and in tests; a real one plugs in here. */
export interface PaymentGateway {
  readonly name: string;
  tokenize(card: CardInput, now?: Date): Promise<TokenizeResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<ChargeResult>;
  /** The answer a charge with this key got, if the gateway has seen one (for reconciliation). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | undefined>;
}
