export * from './languages.js';
export * from './envelope.js';
export * from './money.js';
export * from './errors.js';
export * from './users.js';
export * from './settings.js';
export * from './wallet.js';
export * from './ws.js';
