import type { MouseEvent } from 'react';

/**
 * Every toast closes on a click anywhere on it (spec section 1), also those features show with
 * notifications.show directly: the theme gives Mantine's Notification this click handler, which
 * presses the toast's own close button (so Mantine's onClose and exit transition run). Clicks on
 * a button or link inside the toast keep their own meaning. No imports: the theme loads with the
 * sign-in page, the toast container later.
 */
export function closeToastOnClick(event: MouseEvent<HTMLElement>): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('button, a, input, textarea, select')) return;
  event.currentTarget.querySelector<HTMLButtonElement>('button')?.click();
}
