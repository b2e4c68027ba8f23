import { useEffect } from 'react';
import { prepareMoneyFormat } from '../domain/formats';
import { afterNextPaint } from '../lib/after-paint';

/**
 * For a screen that shows amounts once its data is in: makes the money formatter right after
 * the screen's first paint, while the data is on the way. The first formatter loads the locale's
 * data (50-80 ms of a throttled phone's main thread); made while the amounts are drawn, it would
 * lengthen that long task. The locale's data serves every currency; dollars are the most common.
 */
export function useMoneyFormatSoon(currency = 'USD'): void {
  useEffect(() => afterNextPaint(() => prepareMoneyFormat(currency)), [currency]);
}
