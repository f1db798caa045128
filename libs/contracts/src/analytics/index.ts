export * from './analytics-dto';
export * from './analytics-routes';
