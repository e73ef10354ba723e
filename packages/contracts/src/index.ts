export * from './common';
export * from './auth';
export * from './tenders';
export * from './mail';
