import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { afterNextPaint } from '../../lib/after-paint';

/**
 * recharts with d3 is the largest download of the console (about 100 KB compressed). A chart is
 * never the first thing a page shows, so it loads after the page's first paint: the title, the
 * figures and the tables come first, which on a slow phone link is about a second sooner.
 */
const loadBarChart = () => import('./bar-chart-module');
const LoadedBarChart = lazy(loadBarChart);

/**
 * Mantine's BarChart, loaded on first use; a skeleton of the same height holds its place. The
 * chart is drawn in a transition (a deferred value flips to true after the first render), so
 * React draws it in slices and the figures beside it stay responsive on a slow phone.
 */
export function BarChart(props: BarChartProps) {
  const isDrawn = useDeferredValue(true, false);
  const placeholder = <Skeleton h={props.h} radius="sm" aria-label="Loading the chart" />;
  if (!isDrawn) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}

/**
 * For a page that will show a chart once its data is in: starts the chart's download right
 * after the page's first paint, so it arrives alongside the data rather than after it.
 */
export function useBarChartSoon(): void {
  useEffect(
    () =>
      afterNextPaint(() => {
        void loadBarChart();
      }),
    [],
  );
}
