import type { BarChartProps } from '@mantine/charts';
import { Center, Skeleton, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { prefetchListedWhenIdle } from '../../lib/prefetch-listed';

/**
 * recharts with d3 is the largest download of the console (about 100 KB compressed). A chart is
 * never the first thing a page shows, so it is imported when it is about to be drawn. The page
 * the server sends for a route with a chart lists the chart's chunks (vite.config.ts); once a
 * chart's placeholder is on the page they are fetched, when the browser is idle, but not run:
 * the import then finds them at hand, and recharts (a 80 ms task on a throttled phone) runs
 * only for a chart about to be seen. Reached from another screen, the service worker has them.
 */
const LoadedBarChart = lazy(() => import('./bar-chart-module'));

/** How far below the visible part of the page a chart starts being drawn. */
const DRAW_AHEAD = '300px';

/** True when no bar of any series has a value: the chart would be bare axes ($0–$4, say). */
function hasNoValues({ data, series }: BarChartProps): boolean {
  return data.every((row: Record<string, unknown>) =>
    series.every((s) => !Number(row[s.name] ?? 0)),
  );
}

/**
 * Mantine's BarChart, loaded on first use; a skeleton of the same height holds its place. Drawing
 * a chart costs a phone a few hundred milliseconds of main thread (recharts lays out every axis,
 * bar and legend), so a chart below the fold is drawn only as it comes near the screen, and then
 * in a transition, in slices, so the page stays responsive meanwhile. With nothing to draw, it
 * shows `emptyText` instead of empty axes.
 */
export function BarChart({ emptyText, ...props }: BarChartProps & { emptyText: string }) {
  if (hasNoValues(props)) {
    return (
      <Center
        h={props.h}
        p="md"
        bd="1px dashed var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Text size="sm" c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Center>
    );
  }
  return <DeferredBarChart {...props} />;
}

function DeferredBarChart(props: BarChartProps) {
  const { ref, entry } = useIntersection({ rootMargin: DRAW_AHEAD });
  const [isNear, setIsNear] = useState(false);
  useEffect(prefetchListedWhenIdle, []);
  useEffect(() => {
    if (entry?.isIntersecting) {
      startTransition(() => {
        setIsNear(true);
      });
    }
  }, [entry]);
  const placeholder = (
    <Skeleton ref={ref} h={props.h} radius="sm" role="status" aria-label="Loading the chart" />
  );
  if (!isNear) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}
