import { type ApiRoute } from '../http/route';

/** Public calls of the identity context. */
export const authRoutes: readonly ApiRoute[] = [];
