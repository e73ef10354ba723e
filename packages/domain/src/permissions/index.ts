export * from './types';
export * from './decide';
export * from './table';
export * from './capabilities';
