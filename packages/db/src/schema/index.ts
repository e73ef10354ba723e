// One file per domain; each module's migration in ../../migrations creates the same tables.
export * from './users';
export * from './sessions';
export * from './mails';
export * from './offers';
export * from './catalog';
export * from './projects';
export * from './professionals';
export * from './jobs';
export * from './numbering';
export * from './products';
export * from './quotes';
export * from './signatures';
export * from './signature-documents';
export * from './acrobat-sign';
export * from './invoices';
