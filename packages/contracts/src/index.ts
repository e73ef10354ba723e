export * from './common';
export * from './auth';
export * from './tenders';
export * from './mail';
export * from './catalog';
export * from './projects';
export * from './professionals';
export * from './users';
