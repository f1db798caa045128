export * from './protocol';
export * from './artifact-adapter';
export * from './react-security';
export * from './artifact-origins';
