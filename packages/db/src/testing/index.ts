export * from './test-database';
export * from './factories';
