import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { closeToastOnClick } from '../ui/toast-click-close';

/**
 * Mantine's defaults with contrast fixes for WCAG AA: shade 8 of blue carries white text at
 * 4.9:1 (shade 6 is 3.6:1), and dimmed, error and placeholder text move to darker greys/reds.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 4 },
  defaultRadius: 'md',
  focusRing: 'auto',
  respectReducedMotion: true,
  headings: { fontWeight: '700' },
  components: {
    // Toasts close on a click anywhere on them (spec section 1).
    Notification: { defaultProps: { onClick: closeToastOnClick, style: { cursor: 'pointer' } } },
    // Mantine's close icon has no text: without a name, screen readers announce "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A badge is one word or two: a narrow table column must not cut it ("Refu…"); the column
    // takes the badge's width and the free text beside it wraps instead.
    Badge: { styles: { root: { minWidth: 'max-content', flexShrink: 0 } } },
  },
});

/**
 * Light-variant text (alerts, badges, light buttons) uses shade 9 of its colour: Mantine's
 * default shade 6 on a tinted background falls below 4.5:1 for red, orange, teal and blue.
 */
function lightVariantTextColors(colorNames: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    colorNames.flatMap((name) => [
      [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-9)`],
      // Mantine 9 tints light variants with shade 1; shade 9 on it is 4.3:1 for teal (axe:
      // 4.5 needed). Shade 0 keeps the tint and the contrast.
      [`--mantine-color-${name}-light`, `var(--mantine-color-${name}-0)`],
    ]),
  );
}

export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    ...lightVariantTextColors(Object.keys(resolvedTheme.colors).filter((name) => name !== 'dark')),
    // Orange and yellow have no shade dark enough for text (orange 9 is 4.3:1 even on white).
    '--mantine-color-orange-light-color': '#b33d0c',
    '--mantine-color-yellow-light-color': '#8a5a00',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
