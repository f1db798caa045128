export * from './analytics-dto';
export * from './analytics-routes';
export * from './visitor-identity';
