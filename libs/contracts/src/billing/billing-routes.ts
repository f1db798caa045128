import { type ApiRoute } from '../http/route';

/** Public calls of the billing context. */
export const billingRoutes: readonly ApiRoute[] = [];
