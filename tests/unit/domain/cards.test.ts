import { describe, expect, it } from 'vitest';
import {
  cardBrands,
  cardBrandNames,
  cvvLengthFor,
  detectCardBrand,
  passesLuhn,
} from '../../../src/domain/cards';

describe('passesLuhn', () => {
  it.each([
    ['4111111111111111', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['30569309025904', true],
    ['0', true],
    ['4111111111111112', false],
    ['378282246310006', false],
    ['1', false],
    ['', false],
    ['4111-1111', false],
  ])('%j -> %s', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });
});

describe('detectCardBrand', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['371449635398431', 'amex'],
    ['340000000000009', 'amex'],
    ['6011000990139424', 'discover'],
    ['6445644564456445', 'discover'],
    ['6221260000000000', 'discover'],
    ['36227206271667', 'diners'],
    ['38520000023237', 'diners'],
    ['30000000000004', 'diners'],
    ['3566002020360505', 'jcb'],
    [' 3528000000000007 ', 'jcb'],
  ] as const)('%s is %s', (digits, brand) => {
    expect(detectCardBrand(digits)).toBe(brand);
  });

  it.each([
    ['6200000000000005'], // UnionPay
    ['6759649826438453'], // Maestro
    ['2220990000000000'], // just below the Mastercard 2-series
    ['2721000000000000'], // just above it
    ['3590000000000000'], // just above JCB
    ['1234567812345670'],
    ['4111 1111'],
    [''],
  ])('%j is not supported', (digits) => {
    expect(detectCardBrand(digits)).toBeNull();
  });
});

describe('cvvLengthFor', () => {
  it('is 4 for American Express and 3 for the others', () => {
    expect(Object.fromEntries(cardBrands.map((brand) => [brand, cvvLengthFor(brand)]))).toEqual({
      visa: 3,
      mastercard: 3,
      amex: 4,
      discover: 3,
      diners: 3,
      jcb: 3,
    });
  });

  it('names every brand', () => {
    expect(cardBrands.map((brand) => cardBrandNames[brand])).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'Diners Club',
      'JCB',
    ]);
  });
});
