import { Inject, Injectable } from '@nestjs/common';
import {
  PLAN_PRICE_CONFIG_KEYS,
  type RegistrationPlanId,
  REGISTRATION_PLAN_IDS,
} from '@core-vault/contracts';
import { APP_CONFIG } from '@core-vault/platform';
import { type BillingConfig } from '../../config';

/** Plan id ↔ Stripe price id, from configuration. */
@Injectable()
export class PlanPrices {
  constructor(@Inject(APP_CONFIG) private readonly config: BillingConfig) {}

  priceOf(planId: RegistrationPlanId): string {
    return this.config[PLAN_PRICE_CONFIG_KEYS[planId]];
  }

  /** The plan a Stripe price belongs to, or null for a price this product does not sell. */
  planOf(priceId: string | null): RegistrationPlanId | null {
    if (!priceId) return null;
    return REGISTRATION_PLAN_IDS.find((id) => this.priceOf(id) === priceId) ?? null;
  }
}
