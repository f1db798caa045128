import { ANALYTICS_MESSAGES as M } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';

/** Errors of the analytics context: stable codes, user-facing messages. */
export class AnalyticsException extends AppException {
  static notFound(): AnalyticsException {
    return new AnalyticsException(404, 'ARTIFACT_NOT_FOUND', M.notFound);
  }
  // The plan refusals (needsBasic/needsAdvanced) are made by RequireAnalytics in libs/platform,
  // shared with the gateway.
}
