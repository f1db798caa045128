import { type ApiRoute } from './route';

/**
 * Every public call of the gateway, grouped by bounded context. Each context appends its own
 * route list here; the gateway's OpenAPI document and the SPA client read this one list.
 */
export const apiRoutes: readonly ApiRoute[] = [];
