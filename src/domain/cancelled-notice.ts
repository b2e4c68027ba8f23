import { firstScreenMessages as messages } from './messages-first-screen';

/**
 * After a cancellation the browser leaves through the logout page to the sign-in page with
 * ?cancelled=<notice>; the sign-in page shows the matching text (the session is gone by then).
 * Kept free of zod so the sign-in page's bundle stays small.
 */
export const cancelledNoticeParam = 'cancelled';
export const cancelledNotice = { done: 'done', refundFailed: 'refund-failed' } as const;
export const cancelledNoticeText: Readonly<Record<string, string>> = {
  [cancelledNotice.done]: messages['account.cancelled'],
  [cancelledNotice.refundFailed]: messages['account.cancelled.refund.failed'],
};
