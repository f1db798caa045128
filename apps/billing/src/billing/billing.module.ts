import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { METRICS, OutboxModule, type ServiceMetrics } from '@core-vault/platform';
import { type BillingConfig } from '../config';
import { AccountService } from './account.service';
import { BillingController } from './billing.controller';
import { BillingEvents } from './billing-events';
import { CardWebhooks } from './card-webhooks';
import { CheckoutService } from './checkout.service';
import { CUSTOMER_MODEL, customerSchema } from './customer.schema';
import { CustomerRepository } from './customer.repository';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';
import { INVOICE_MODEL, invoiceSchema } from './invoice.schema';
import { InvoiceRepository } from './invoice.repository';
import { PaymentMethodRepository } from './payment-method.repository';
import { PaymentMethodsController } from './payment-methods.controller';
import { PaymentMethodsService } from './payment-methods.service';
import { PendingRegistrationStore } from './pending-registration.store';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';
import { STRIPE_EVENT_MODEL, stripeEventSchema } from './stripe-event.schema';
import { StripeEventRepository } from './stripe-event.repository';
import { SubscribeService } from './subscribe.service';
import { SUBSCRIPTION_MODEL, subscriptionSchema } from './subscription.schema';
import { SubscriptionRepository } from './subscription.repository';
import { PlanPrices } from './stripe/plan-prices';
import { STRIPE, StripeGateway, createStripeClient } from './stripe/stripe.gateway';
import { TestCardsController } from './test-cards.controller';
import { TestCardsService } from './test-cards.service';
import { UserDeletedConsumer } from './user-deleted.consumer';
import { BillingUserErasure } from './user-erasure.repository';
import { WebhookController } from './webhook.controller';
import { WebhookService } from './webhook.service';

/** The billing bounded context: Stripe customers, subscriptions, invoices, webhooks, trial registration. */
@Module({})
export class BillingModule {
  static register(config: BillingConfig): DynamicModule {
    const local = config.STRIPE_MODE === 'local';
    return {
      module: BillingModule,
      imports: [
        MongooseModule.forFeature([
          { name: CUSTOMER_MODEL, schema: customerSchema },
          { name: SUBSCRIPTION_MODEL, schema: subscriptionSchema },
          { name: INVOICE_MODEL, schema: invoiceSchema },
          { name: STRIPE_EVENT_MODEL, schema: stripeEventSchema },
        ]),
        OutboxModule.forRoot({ models: [CUSTOMER_MODEL, SUBSCRIPTION_MODEL, INVOICE_MODEL] }),
      ],
      controllers: [
        BillingController,
        PaymentMethodsController,
        RegistrationController,
        WebhookController,
        ExportController,
        UserDeletedConsumer,
        ...(local ? [TestCardsController] : []),
      ],
      providers: [
        {
          provide: STRIPE,
          inject: [METRICS],
          useFactory: (metrics: ServiceMetrics) => createStripeClient(config, metrics),
        },
        StripeGateway,
        PlanPrices,
        BillingEvents,
        CustomerRepository,
        SubscriptionRepository,
        InvoiceRepository,
        StripeEventRepository,
        PendingRegistrationStore,
        RegistrationService,
        CheckoutService,
        AccountService,
        PaymentMethodRepository,
        PaymentMethodsService,
        SubscribeService,
        CardWebhooks,
        WebhookService,
        ExportService,
        TestCardsService,
        BillingUserErasure,
      ],
    };
  }
}
