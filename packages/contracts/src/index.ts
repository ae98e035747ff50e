export * from './roles';
export * from './messages';
export * from './errors';
export * from './validation';
export * from './identity';
