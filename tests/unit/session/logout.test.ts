import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LOGOUT_STEP_TIMEOUT_MS,
  runLogoutSequence,
  type LogoutEnvironment,
  type LogoutStep,
} from '../../../src/lib/session/logout';

/** Records every step in the order it happens. */
function recordingEnvironment(extraSteps: LogoutStep[] = []) {
  const steps: string[] = [];
  const env: LogoutEnvironment = {
    stopTimers: () => steps.push('stop timers'),
    removeLocal: (key) => steps.push(`remove local ${key}`),
    removeSessionWhere: (predicate) => {
      const keys = ['refferral_range_type_bounty', 'other', 'x_refferral_range_type_referral'];
      steps.push(`remove session ${keys.filter(predicate).join(' ')}`);
    },
    refreshRecordKeys: (productType) => [productType === 'partner' ? 'prt_P1' : 'rsrt_topic'],
    extraSteps,
    navigate: (url) => steps.push(`navigate ${url}`),
    notifyOtherTabs: (productType) => steps.push(`tell other tabs ${productType}`),
  };
  return { env, steps };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('logout, in the order of spec section 4', () => {
  it('reseller: timers, flag, csrf_local, refresh record, referral range entries, logout page', async () => {
    const { env, steps } = recordingEnvironment();
    await runLogoutSequence('reseller', '/rpc-api/reseller/logout', env);
    expect(steps).toEqual([
      'stop timers',
      'remove local IS_SIGNED_IN_RPC_BULK_RESELLER',
      'remove local csrf_local',
      'remove local rsrt_topic',
      'remove session refferral_range_type_bounty x_refferral_range_type_referral',
      'tell other tabs reseller',
      'navigate /rpc-api/reseller/logout',
    ]);
  });

  it('partner: its own flag, record and logout page', async () => {
    const { env, steps } = recordingEnvironment();
    await runLogoutSequence('partner', '/rpc-api/partner/logout', env);
    expect(steps[1]).toBe('remove local IS_SIGNED_IN_RPC_PARTNER');
    expect(steps[3]).toBe('remove local prt_P1');
    expect(steps.at(-1)).toBe('navigate /rpc-api/partner/logout');
  });

  it('added steps (the offline wipe) run before the browser leaves', async () => {
    const steps: string[] = [];
    const wipe: LogoutStep = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      steps.push('wipe offline data');
    };
    const recording = recordingEnvironment([wipe]);
    recording.env.navigate = (url) => steps.push(`navigate ${url}`);
    await runLogoutSequence('reseller', '/rpc-api/reseller/logout', recording.env);
    expect(steps).toEqual(['wipe offline data', 'navigate /rpc-api/reseller/logout']);
  });

  it('a stuck or failing added step does not keep the user from leaving', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stuck: LogoutStep = () => new Promise(() => undefined);
    const failing: LogoutStep = () => {
      throw new Error('disk full');
    };
    const { env, steps } = recordingEnvironment([stuck, failing]);
    const done = runLogoutSequence('reseller', '/rpc-api/reseller/logout', env);
    await vi.advanceTimersByTimeAsync(LOGOUT_STEP_TIMEOUT_MS - 1);
    expect(steps.at(-1)).not.toMatch(/^navigate/);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(steps.at(-1)).toBe('navigate /rpc-api/reseller/logout');
  });
});
