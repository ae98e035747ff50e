export * from './identity';
export * from './platform';
export * from './booking';
export * from './userdata';
export * from './live';
export * from './doctors';
