export * from './brands.ts';
export * from './errors.ts';
export * from './protocol.ts';
