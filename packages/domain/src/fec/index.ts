export * from './accounts';
export * from './entries';
export * from './serialize';
export { formatPercentBp } from './labels';
export * from './fiscal-year';
