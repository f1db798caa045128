import { AppException } from '@core-vault/platform';
import { BILLING_MESSAGES } from '@core-vault/contracts';

/** Errors of the billing context: stable codes, the spec's messages. */
export class BillingException extends AppException {
  static invalidPlan(): BillingException {
    return new BillingException(400, 'INVALID_PLAN', BILLING_MESSAGES.invalidPlanType);
  }

  static noCustomer(): BillingException {
    return new BillingException(404, 'NO_BILLING_ACCOUNT', BILLING_MESSAGES.noCustomer);
  }

  static noSubscription(message: string = BILLING_MESSAGES.noSubscription): BillingException {
    return new BillingException(404, 'NO_SUBSCRIPTION', message);
  }

  static inProgress(): BillingException {
    return new BillingException(409, 'REGISTRATION_IN_PROGRESS', BILLING_MESSAGES.registrationInProgress);
  }

  /** The one free trial is used up (docs/reference/billing.md): a returning user subscribes and pays. */
  static trialAlreadyUsed(): BillingException {
    return new BillingException(409, 'TRIAL_ALREADY_USED', BILLING_MESSAGES.trialAlreadyUsed);
  }

  static invalidSignature(): BillingException {
    return new BillingException(400, 'INVALID_SIGNATURE', BILLING_MESSAGES.invalidSignature);
  }
}
