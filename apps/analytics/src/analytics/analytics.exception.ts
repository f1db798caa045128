import { ANALYTICS_MESSAGES as M } from '@core-vault/contracts';
import { AppException } from '@core-vault/platform';

/** Errors of the analytics context: stable codes, user-facing messages. */
export class AnalyticsException extends AppException {
  static notFound(): AnalyticsException {
    return new AnalyticsException(404, 'ARTIFACT_NOT_FOUND', M.notFound);
  }
  static needsBasic(): AnalyticsException {
    return new AnalyticsException(403, 'FEATURE_NOT_AVAILABLE', M.upgrade, { feature: 'analytics_basic' });
  }
  static needsAdvanced(): AnalyticsException {
    return new AnalyticsException(403, 'FEATURE_NOT_AVAILABLE', M.upgradeAdvanced, {
      feature: 'analytics_advanced',
    });
  }
}
