import { lazy, Suspense } from 'react';
import { Box } from '@mantine/core';
import type { AreaChartProps, BarChartProps, DonutChartProps } from '@mantine/charts';

// The kit's charts bring recharts (the heaviest code of the dashboards): they come in a chunk of
// their own, asked for as soon as a dashboard with charts loads its code, in parallel with its
// figures rather than before them; each chart keeps its place until it is there (decision 0949).
let charts: Promise<typeof import('./charts')> | undefined;
const loadCharts = () => (charts ??= import('./charts'));
void loadCharts();
const LoadedBarChart = lazy(() => loadCharts().then((m) => ({ default: m.BarChart })));
const LoadedDonutChart = lazy(() => loadCharts().then((m) => ({ default: m.DonutChart })));
const LoadedAreaChart = lazy(() => loadCharts().then((m) => ({ default: m.AreaChart })));

/** The kit's `BarChart`, loaded on first use; a box of its height holds its place. */
export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Box h={props.h} />}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}

/** The kit's `DonutChart`, loaded on first use; a box of its size holds its place. */
export function DonutChart(props: DonutChartProps) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<Box w={size} h={size} />}>
      <LoadedDonutChart {...props} />
    </Suspense>
  );
}

/** The kit's `AreaChart` (a range band under a line: the price references' trends), loaded on first use. */
export function AreaChart(props: AreaChartProps) {
  return (
    <Suspense fallback={<Box h={props.h} />}>
      <LoadedAreaChart {...props} />
    </Suspense>
  );
}
