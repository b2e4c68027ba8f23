import { describe, expect, it } from 'vitest';
import {
  CUT_OFF_DATE,
  DEFAULT_COUNTRY,
  GST_COUNTRY,
  isGstCountry,
  isReferralRangeKey,
  partnerRefreshKey,
  productTypes,
  regionsForCountry,
  resellerRefreshKey,
  signedInFlagKey,
  storageKeys,
  taxTypes,
} from '../../../src/domain/constants';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CSV_MAX_USERS,
  HIGHLIGHT_MS,
  OTP_BLOCK_MS,
  PASTE_REVERT_MS,
  SESSION_CHECK_INTERVAL_MS,
  TOAST_DURATION_MS,
} from '../../../src/domain/limits';

describe('timers and limits of section 9', () => {
  it('match the spec', () => {
    expect({
      SESSION_CHECK_INTERVAL_MS,
      TOAST_DURATION_MS,
      HIGHLIGHT_MS,
      PASTE_REVERT_MS,
      OTP_BLOCK_MS,
      CHUNK_LOAD_TIMEOUT_MS,
      CSV_MAX_USERS,
    }).toEqual({
      SESSION_CHECK_INTERVAL_MS: 5000,
      TOAST_DURATION_MS: 5000,
      HIGHLIGHT_MS: 5000,
      PASTE_REVERT_MS: 1000,
      OTP_BLOCK_MS: 86_400_000,
      CHUNK_LOAD_TIMEOUT_MS: 120_000,
      CSV_MAX_USERS: 500,
    });
  });
});

describe('storage keys', () => {
  it('builds the per-product keys', () => {
    expect(signedInFlagKey('partner')).toBe('IS_SIGNED_IN_RPC_PARTNER');
    expect(signedInFlagKey('reseller')).toBe('IS_SIGNED_IN_RPC_BULK_RESELLER');
    expect(storageKeys.csrf).toBe('csrf_local');
    expect(partnerRefreshKey('acme_01')).toBe('prt_acme_01');
    expect(resellerRefreshKey('topic-9')).toBe('rsrt_topic-9');
  });

  it.each([
    ['refferral_range_type_rpc', true],
    ['x_refferral_range_type_hd', true],
    ['referral_range_type_rpc', false],
    ['csrf_local', false],
  ])('%s contains the marker: %s', (key, expected) => {
    expect(isReferralRangeKey(key)).toBe(expected);
  });
});

describe('regions', () => {
  it.each([
    ['US', ['OR', 'VA']],
    ['ca', ['OR', 'VA']],
    ['MX', ['OR', 'VA']],
    [' PR ', ['OR', 'VA']],
    ['IN', ['OR', 'VA', 'IR']],
    ['I', ['OR', 'VA', 'IR']],
    ['', ['OR', 'VA', 'IR']],
  ])('%j -> %j', (country, expected) => {
    expect(regionsForCountry(country)).toEqual(expected);
  });
});

describe('tax and other values', () => {
  it('match the spec', () => {
    expect(taxTypes).toEqual({ VAT: 'vat', GST: 'gst', SALES_TAX: 'sales_tax' });
    expect([GST_COUNTRY, DEFAULT_COUNTRY, CUT_OFF_DATE]).toEqual([
      'INDIA',
      'United States of America',
      '2025-04-27',
    ]);
    expect(productTypes).toEqual(['partner', 'reseller']);
    expect([isGstCountry('India'), isGstCountry(' INDIA '), isGstCountry('Indonesia')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
