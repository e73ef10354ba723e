export * from './client';
export * from './migrate';
export * from './password-hash';
export * from './seed';
export * as schema from './schema';
export * from './schema';
