// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountWhenKnown,
  forgetAccount,
  offlineAccount,
  rememberAccount,
} from '../../../src/offline/account';

/*
 * A report can answer before user_info names the account (the offline layer loads after the
 * first render): its answer waits for the account instead of being dropped, and never goes to
 * the account of a later session.
 */
afterEach(() => {
  forgetAccount('partner');
  forgetAccount('reseller');
});

describe('accountWhenKnown', () => {
  it('answers at once when the account is known', async () => {
    rememberAccount('partner', 'demopartner');
    await expect(accountWhenKnown('partner')).resolves.toBe('partner:demopartner');
  });

  it('waits for user_info to name the account, then answers it', async () => {
    expect(offlineAccount('partner')).toBeUndefined();
    const owner = accountWhenKnown('partner');
    rememberAccount('reseller', 'topic-1');
    rememberAccount('partner', 'demopartner');
    await expect(owner).resolves.toBe('partner:demopartner');
  });

  it('drops what waited when the session ends, so the next account never gets it', async () => {
    let owner: string | undefined;
    void accountWhenKnown('reseller').then((account) => (owner = account));
    forgetAccount('reseller');
    rememberAccount('reseller', 'someone-else');
    await Promise.resolve();
    expect(owner).toBeUndefined();
  });
});
