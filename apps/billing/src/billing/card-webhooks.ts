import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { type StripeEventRecord } from './stripe-event.schema';
import { CustomerRepository } from './customer.repository';
import { type CardWrite, PaymentMethodRepository } from './payment-method.repository';
import { paymentMethodMirror } from './stripe/stripe.gateway';

type Outcome = StripeEventRecord['outcome'];

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

const outcomeOf = (write: CardWrite): Outcome =>
  write === 'stale' ? 'stale' : write === 'unknown-customer' ? 'unknown-customer' : 'applied';

/**
 * The customer's cards as Stripe reports them (a card added in Stripe's portal or dashboard, one
 * detached there, a new default): mirrored so the billing screen's list is always Stripe's. Each
 * event once; an older event than the mirrored state changes nothing. Announces nothing on Kafka:
 * no other context reads cards.
 */
@Injectable()
export class CardWebhooks {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly cards: PaymentMethodRepository,
  ) {}

  async attached(pm: Stripe.PaymentMethod, eventId: string, at: Date): Promise<Outcome> {
    const customerId = idOf(pm.customer);
    if (!customerId) return 'ignored';
    const customer = await this.customers.findByStripeCustomerId(customerId);
    if (!customer) return 'unknown-customer';
    const card = paymentMethodMirror(pm);
    return outcomeOf(
      await this.cards.change(customer._id, { kind: 'attached', card, makeDefault: false }, at, eventId),
    );
  }

  /** Stripe sends the card already without its customer; the previous one is in previous_attributes. */
  async detached(
    pm: Stripe.PaymentMethod,
    previous: { customer?: unknown } | undefined,
    eventId: string,
    at: Date,
  ): Promise<Outcome> {
    const before = previous?.customer;
    const customerId = typeof before === 'string' ? before : null;
    const customer = customerId
      ? await this.customers.findByStripeCustomerId(customerId)
      : await this.cards.findByPaymentMethod(pm.id);
    if (!customer) return 'unknown-customer';
    return outcomeOf(await this.cards.change(customer._id, { kind: 'detached', id: pm.id }, at, eventId));
  }

  /** Only the default card is read from a customer update. */
  async customerUpdated(obj: Stripe.Customer, eventId: string, at: Date): Promise<Outcome> {
    const customer = await this.customers.findByStripeCustomerId(obj.id);
    if (!customer) return 'unknown-customer';
    const id = idOf(obj.invoice_settings?.default_payment_method);
    return outcomeOf(await this.cards.change(customer._id, { kind: 'default', id }, at, eventId));
  }
}
