export * from './accounts';
export * from './entries';
export * from './serialize';
export * from './fiscal-year';
