export * from './brands.ts';
export * from './compat.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './protocol.ts';
export * from './validators.ts';
