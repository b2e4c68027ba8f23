/**
 * Payment card checks (spec section 5, "Payment card"). The brands accepted are the six that the
 * usual US processors take (Visa, Mastercard, American Express, Discover, Diners Club, JCB);
 * anything else is "This credit card is not supported". Card data is never logged: these
 * functions return messages that never echo the number.
 */
import { lengths } from './limits';
import { messages } from './messages';
import { defineRule, hasLength, type Rule } from './rule-core';

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb'] as const;
export type CardBrand = (typeof cardBrands)[number];

export const cardBrandNames: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
};

interface BrandPattern {
  readonly brand: CardBrand;
  /** Inclusive ranges of the leading digits (IIN ranges), compared as numbers of equal length. */
  readonly prefixes: readonly (readonly [from: string, to: string])[];
  /** Lengths within the 14–16 digits the spec accepts. */
  readonly lengths: readonly number[];
  readonly cvvLength: number;
}

// Longer prefixes first would not matter: the IIN ranges below do not overlap.
const brandPatterns: readonly BrandPattern[] = [
  { brand: 'visa', prefixes: [['4', '4']], lengths: [16], cvvLength: 3 },
  {
    brand: 'mastercard',
    prefixes: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
    cvvLength: 3,
  },
  {
    brand: 'amex',
    prefixes: [
      ['34', '34'],
      ['37', '37'],
    ],
    lengths: [15],
    cvvLength: 4,
  },
  {
    brand: 'discover',
    prefixes: [
      ['6011', '6011'],
      ['644', '649'],
      ['65', '65'],
      ['622126', '622925'],
    ],
    lengths: [16],
    cvvLength: 3,
  },
  {
    brand: 'diners',
    prefixes: [
      ['300', '305'],
      ['36', '36'],
      ['38', '39'],
    ],
    lengths: [14, 16],
    cvvLength: 3,
  },
  { brand: 'jcb', prefixes: [['3528', '3589']], lengths: [16], cvvLength: 3 },
];

const DIGITS = /^\d+$/;

/** The Luhn (mod 10) checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // Double every second digit counted from the right-most one.
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function findPattern(digits: string): BrandPattern | null {
  for (const pattern of brandPatterns) {
    for (const [from, to] of pattern.prefixes) {
      const head = Number(digits.slice(0, from.length));
      if (digits.length >= from.length && head >= Number(from) && head <= Number(to)) {
        return pattern;
      }
    }
  }
  return null;
}

/** The brand a card number's leading digits belong to, or null when it is not a supported one. */
export function detectCardBrand(cardNumber: string): CardBrand | null {
  const digits = cardNumber.trim();
  if (!DIGITS.test(digits)) return null;
  return findPattern(digits)?.brand ?? null;
}

/** The CVV length a brand prints (American Express: 4, the others: 3). */
export function cvvLengthFor(brand: CardBrand): number {
  return brandPatterns.find((pattern) => pattern.brand === brand)?.cvvLength ?? lengths.cvv.min;
}

/**
 * Checks in the spec's order: 14–16 digits, then the Luhn checksum, then a supported brand.
 * A supported brand's number of a length that brand never issues fails as an invalid number.
 */
export const cardNumberRule: Rule = defineRule({
  blank: messages['card.number.required'],
  // The checksum and the brand cannot be written as a pattern: they answer VALIDATION_FAILED.
  shape: { core: `\\d{${lengths.cardNumber.min},${lengths.cardNumber.max}}` },
  checks: [
    [
      (value) => DIGITS.test(value) && hasLength(lengths.cardNumber)(value),
      messages['card.length'],
    ],
    [passesLuhn, messages['card.invalid']],
    [(value) => findPattern(value) !== null, messages['card.unsupported']],
    [
      (value) => findPattern(value)?.lengths.includes(value.length) ?? false,
      messages['card.invalid'],
    ],
  ],
});

export const cvvRule: Rule = defineRule({
  blank: messages['cvv.required'],
  shape: { core: `\\d{${lengths.cvv.min},${lengths.cvv.max}}` },
  checks: [
    [(value) => DIGITS.test(value) && hasLength(lengths.cvv)(value), messages['cvv.invalid']],
  ],
});
