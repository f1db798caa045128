import { type ApiRoute } from '../http/route';

/** Public calls of the artifacts context. */
export const artifactRoutes: readonly ApiRoute[] = [];
