import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../http/route';
import { ARTIFACT_MESSAGES as M } from './artifact-limits';
import {
  RUNTIME_MESSAGES as R,
  completeBodySchema,
  completeResultSchema,
  listStorageQuerySchema,
  runtimeOverviewSchema,
  setStorageBodySchema,
  storageDeletedSchema,
  storageItemSchema,
  storageKeyParamsSchema,
  storageListSchema,
  storageParamsSchema,
  updateRuntimeSettingsBodySchema,
} from './runtime-dto';

/** Who may use the runtime of an artifact: anyone for a public one, its owner for a private one. */
const VIEWER_ERRORS = {
  403: `${M.private}`,
  404: M.notFound,
  429: R.rateLimited(60),
} as const;

const STORAGE_ERRORS = {
  ...VIEWER_ERRORS,
  400: `${R.keyForbidden} (STORAGE_KEY_INVALID, one message per rule)`,
  401: `${R.signInRequired} (STORAGE_SIGN_IN_REQUIRED: personal storage of an anonymous viewer)`,
} as const;

const idParams = z.object({ id: z.string() });

export const runtimeRoute = {
  listStorage: defineRoute({
    id: 'listArtifactStorage',
    method: 'GET',
    path: '/api/v1/artifacts/:id/storage/:scope',
    summary:
      'window.storage.list: the keys of the personal (signed-in viewer’s own) or shared store of an artifact, optionally under a prefix',
    tag: 'artifacts',
    access: 'public',
    params: storageParamsSchema,
    query: listStorageQuerySchema,
    response: storageListSchema,
    errors: STORAGE_ERRORS,
  }),
  getStorage: defineRoute({
    id: 'getArtifactStorage',
    method: 'GET',
    path: '/api/v1/artifacts/:id/storage/:scope/:key',
    summary: 'window.storage.get: one value of the personal or shared store of an artifact',
    tag: 'artifacts',
    access: 'public',
    params: storageKeyParamsSchema,
    response: storageItemSchema,
    errors: { ...STORAGE_ERRORS, 404: `${M.notFound} / ${R.keyNotFound} (STORAGE_KEY_NOT_FOUND)` },
  }),
  setStorage: defineRoute({
    id: 'setArtifactStorage',
    method: 'PUT',
    path: '/api/v1/artifacts/:id/storage/:scope/:key',
    summary:
      'window.storage.set: stores a string (≤ 5 MB; ≤ 20 MB per store). Shared writes by anonymous viewers only when the owner allows them',
    tag: 'artifacts',
    access: 'public',
    params: storageKeyParamsSchema,
    body: setStorageBodySchema,
    response: storageItemSchema,
    errors: {
      ...STORAGE_ERRORS,
      403: `${M.private} / ${R.anonymousWritesOff} (STORAGE_ANONYMOUS_WRITES_OFF)`,
      413: `${R.valueTooLarge} (STORAGE_VALUE_TOO_LARGE) / ${R.quotaExceeded} (STORAGE_QUOTA_EXCEEDED)`,
    },
  }),
  deleteStorage: defineRoute({
    id: 'deleteArtifactStorage',
    method: 'DELETE',
    path: '/api/v1/artifacts/:id/storage/:scope/:key',
    summary: 'window.storage.delete: removes one key of the personal or shared store of an artifact',
    tag: 'artifacts',
    access: 'public',
    params: storageKeyParamsSchema,
    response: storageDeletedSchema,
    errors: {
      ...STORAGE_ERRORS,
      403: `${M.private} / ${R.anonymousWritesOff} (STORAGE_ANONYMOUS_WRITES_OFF)`,
    },
  }),
  clearSharedStorage: defineRoute({
    id: 'clearArtifactSharedStorage',
    method: 'DELETE',
    path: '/api/v1/artifacts/:id/storage/shared',
    summary: 'Clears the shared store of one of your artifacts',
    tag: 'artifacts',
    access: 'user',
    params: idParams,
    response: z.void(),
    successStatus: 204,
    errors: { 404: M.notFound },
  }),
  getRuntime: defineRoute({
    id: 'getArtifactRuntime',
    method: 'GET',
    path: '/api/v1/artifacts/:id/runtime',
    summary: 'The runtime settings of one of your artifacts, its storage usage and today’s AI calls',
    tag: 'artifacts',
    access: 'user',
    params: idParams,
    response: runtimeOverviewSchema,
    errors: { 404: M.notFound },
  }),
  updateRuntime: defineRoute({
    id: 'updateArtifactRuntime',
    method: 'PATCH',
    path: '/api/v1/artifacts/:id/runtime',
    summary: 'Changes the runtime settings of one of your artifacts (anonymous shared writes, AI calls)',
    tag: 'artifacts',
    access: 'user',
    params: idParams,
    body: updateRuntimeSettingsBodySchema,
    response: runtimeOverviewSchema,
    errors: { 400: R.settingsEmpty, 404: M.notFound },
  }),
  complete: defineRoute({
    id: 'completeInArtifact',
    method: 'POST',
    path: '/api/v1/artifacts/:id/complete',
    summary: 'window.claude.complete: a model answer through the provider the operator configured',
    tag: 'artifacts',
    access: 'public',
    params: idParams,
    body: completeBodySchema,
    response: completeResultSchema,
    successStatus: 200,
    errors: {
      ...VIEWER_ERRORS,
      400: R.promptRequired,
      403: `${M.private} / ${R.aiCallsOff} (AI_CALLS_OFF)`,
      429: `${R.aiQuotaViewer} / ${R.aiQuotaArtifact} (AI_QUOTA_EXCEEDED) / too many requests (RATE_LIMITED)`,
      502: `${R.aiProviderFailed} (AI_PROVIDER_FAILED)`,
      503: `${R.aiNotConfigured} (AI_NOT_CONFIGURED)`,
    },
  }),
} as const;

/** The runtime calls (answered by the artifacts service). */
export const runtimeRoutes: readonly ApiRoute[] = Object.values(runtimeRoute);

/**
 * The calls an embed makes from its own origin, anonymously and cross-origin: the gateway allows
 * any origin without credentials on exactly these (never the owner's calls).
 */
export const runtimeViewerRoutes: readonly ApiRoute[] = [
  runtimeRoute.listStorage,
  runtimeRoute.getStorage,
  runtimeRoute.setStorage,
  runtimeRoute.deleteStorage,
  runtimeRoute.complete,
];

/**
 * Whether a request is one of the viewer calls, by method and path segments (no pattern over
 * untrusted text): list (GET `…/storage/<scope>`), get/set/delete (`…/storage/<scope>/<key>`),
 * complete (POST `…/complete`). Never the owner's calls on the same paths.
 */
export function isRuntimeViewerCall(method: string, path: string): boolean {
  const s = (path.split('?')[0] ?? '').split('/');
  const m = method.toUpperCase();
  if (s[0] !== '' || s[1] !== 'api' || s[2] !== 'v1' || s[3] !== 'artifacts' || !s[4]) return false;
  if (s.length === 6 && s[5] === 'complete') return m === 'POST' || m === 'OPTIONS';
  if (s[5] !== 'storage' || (s[6] !== 'personal' && s[6] !== 'shared')) return false;
  if (s.length === 7) return m === 'GET' || m === 'OPTIONS';
  return s.length === 8 && s[7] !== '' && ['GET', 'PUT', 'DELETE', 'OPTIONS'].includes(m);
}
