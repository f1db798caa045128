export * from './artifact-limits';
export * from './artifact-input';
export * from './artifact-dto';
export * from './artifact-routes';
export * from './share';
export * from './public-cache';
export * from './share-meta';
export * from './share-card-routes';
