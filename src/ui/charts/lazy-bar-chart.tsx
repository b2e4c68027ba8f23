import type { BarChartProps, BarChartSeries } from '@mantine/charts';
import {
  Center,
  ColorSwatch,
  getThemeColor,
  Group,
  Skeleton,
  Text,
  useMantineTheme,
} from '@mantine/core';
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
 *
 * `withLegend` draws the series' names above the chart with Mantine's own components, shown at
 * once beside the skeleton, and not recharts' legend: recharts measures its legend and lays the
 * chart out again around it, about a third of the chart's first draw (the partner dashboard on
 * a desktop, no throttling, three profiles each: blocking time 308–426 ms with it, 222–249
 * without).
 */
export function BarChart({
  emptyText,
  withLegend = false,
  ...props
}: BarChartProps & { emptyText: string }) {
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
  return (
    <>
      {withLegend && <SeriesLegend series={props.series} />}
      <DeferredBarChart {...props} />
    </>
  );
}

/** Each series' colour and name, as Mantine's chart legend shows them. */
function SeriesLegend({ series }: { series: BarChartSeries[] }) {
  const theme = useMantineTheme();
  return (
    <Group justify="center" gap="md" mb="xs">
      {series.map((item) => (
        <Group key={item.name} gap={6} wrap="nowrap">
          <ColorSwatch color={getThemeColor(item.color, theme)} size={12} withShadow={false} />
          <Text size="sm">{item.label ?? item.name}</Text>
        </Group>
      ))}
    </Group>
  );
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
