import type { YAxisProps } from 'recharts';

/**
 * Recharts draws left to right whatever the page's direction: in Arabic the categories run from
 * the right (x axis reversed) and the values' axis stands on the right (decision 0814).
 */
export function chartDirectionProps(dir: 'ltr' | 'rtl', yAxis: Omit<YAxisProps, 'ref'> = {}) {
  return dir === 'rtl' ? { xAxisProps: { reversed: true }, yAxisProps: { ...yAxis, orientation: 'right' as const } } : { yAxisProps: yAxis };
}
