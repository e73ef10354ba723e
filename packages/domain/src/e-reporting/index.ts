export * from './periods';
export * from './transactions';
export * from './payments';
export * from './status';
export * from './frr-fields';
export * from './frr-xml';
