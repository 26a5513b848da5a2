export * from './auth.js';
export * from './catalog.js';
export * from './constants.js';
export * from './errors.js';
export * from './messages.js';
