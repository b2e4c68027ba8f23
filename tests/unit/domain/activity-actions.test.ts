import { describe, expect, it } from 'vitest';
import {
  activityActionLabel,
  activityActionLabels,
  legacyActivityActions,
} from '../../../src/domain/api/activity-actions';

describe('activity log: one table of action labels', () => {
  it.each([
    ['user.delete', 'Deleted user'],
    ['billing.upgrade', 'Upgraded plan'],
    ['team.create', 'Created team'],
    ['user.invite.csv', 'Invited users from CSV'],
    ['logout', 'Signed out'],
    ['billing.autorenewal.off', 'Turned auto-renewal off'],
  ])('%s reads "%s"', (code, label) => {
    expect(activityActionLabel(code)).toBe(label);
  });

  it('stored entries with earlier codes read as the action they meant', () => {
    expect(activityActionLabel('user.invited')).toBe('Invited user');
    expect(activityActionLabel('computer.added')).toBe('Added computer');
    expect(activityActionLabel('user.updated')).toBe('Updated user');
    expect(activityActionLabel('invoice.paid')).toBe('Paid invoice');
    for (const code of Object.keys(legacyActivityActions)) {
      expect(activityActionLabel(code)).not.toBe(code);
    }
  });

  it('a code no table knows still reads as words, never as a machine code', () => {
    expect(activityActionLabel('report.schedule_created')).toBe('Report schedule created');
    expect(activityActionLabel('')).toBe('Other action');
  });

  it('every label is words, and no two actions of the reseller log share one', () => {
    const reseller = Object.entries(activityActionLabels).filter(
      ([code]) => !code.startsWith('partner.'),
    );
    for (const [code, label] of reseller) {
      expect(label, code).toMatch(/^[A-Z][^.]*$/);
    }
    const labels = reseller.map(([, label]) => label);
    const twice = labels.filter((label, i) => labels.indexOf(label) !== i);
    expect(twice).toEqual([]);
  });
});
