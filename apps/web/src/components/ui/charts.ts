// The chart library (recharts under the kit's charts), in a chunk of its own: `lazy-charts.tsx`.
export { AreaChart, BarChart, DonutChart } from '@mantine/charts';
