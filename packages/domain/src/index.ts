export * from './roles';
export * from './language';
export * from './menu';
export * from './permissions';
export * from './password';
export const PRODUCT_VERSION = '4.2';
