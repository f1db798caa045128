export * from './build-document';
export * from './errors';
export * from './escape';
export * from './highlight';
export * from './libraries';
export * from './react-prepare';
