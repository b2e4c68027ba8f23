import { describe, expect, it } from 'vitest';
import { isTrialExpired, type TrialInfo } from '../../../src/domain/trial';

const info = (
  account_status: string,
  type: string,
  trialDaysLeft: string | number,
  plan_name = 'Bulk Reseller',
): TrialInfo => ({ account_status, subscription_info: { type, trialDaysLeft, plan_name } });

describe('isTrialExpired', () => {
  it.each([
    ['S on FREE_TRIAL', info('S', 'FREE_TRIAL', '5'), true],
    ['no days left', info('A', 'FREE_TRIAL', '0'), true],
    ['no days left on a paid type', info('A', 'PAID', '0'), true],
    ['no days left as a number', info('A', 'FREE_TRIAL', 0), true],
    ['S and no days left', info('S', 'FREE_TRIAL', '0'), true],
    ['active trial', info('A', 'FREE_TRIAL', '3'), false],
    ['S on a paid plan', info('S', 'PAID', '3'), false],
    ['another plan, S on FREE_TRIAL', info('S', 'FREE_TRIAL', '0', 'Enterprise'), false],
    ['plan name differs in case', info('S', 'FREE_TRIAL', '0', 'bulk reseller'), false],
    ['empty days left', info('A', 'FREE_TRIAL', ''), false],
  ])('%s -> %s', (_name, value, expected) => {
    expect(isTrialExpired(value)).toBe(expected);
  });
});
