export * from './roles';
export * from './language';
export * from './menu';
export * from './permissions';
export * from './password';
export * from './siret';
export * from './profile-completeness';
export * from './legal-forms';
export const PRODUCT_VERSION = '4.2';
