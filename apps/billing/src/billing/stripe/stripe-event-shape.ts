import { z } from 'zod';

/**
 * The parts of a Stripe event billing reads, checked after the signature and before anything is
 * written. A correctly signed event can still be malformed (a test sent by hand, an API version
 * that moved a field): it is acknowledged and ignored, never a 500 that Stripe would retry for
 * days. Unknown fields pass; only the ones the views use are typed.
 */
const id = z.string().min(1).max(255);
const ref = z.union([id, z.looseObject({ id })]);
const seconds = z.number().int().nonnegative();

const envelope = z.looseObject({
  id,
  type: z.string().min(1).max(255),
  created: seconds,
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

const subscription = z.looseObject({
  id,
  customer: ref,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  trial_end: seconds.nullish(),
  created: seconds.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          id: id.nullish(),
          price: z.looseObject({ id }).nullish(),
          current_period_end: seconds.nullish(),
        }),
      ),
    })
    .nullish(),
});

const invoice = z.looseObject({
  id,
  customer: ref,
  currency: z.string(),
  status: z.string().nullish(),
  amount_paid: z.number().nullish(),
  amount_due: z.number().nullish(),
  total: z.number().nullish(),
  invoice_pdf: z.string().nullish(),
  created: seconds.nullish(),
  subscription: ref.nullish(),
  parent: z
    .looseObject({ subscription_details: z.looseObject({ subscription: ref.nullish() }).nullish() })
    .nullish(),
  lines: z
    .looseObject({
      data: z.array(z.looseObject({ period: z.looseObject({ end: seconds.nullish() }).nullish() })),
    })
    .nullish(),
});

const checkoutSession = z.looseObject({
  id,
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  customer: ref.nullish(),
  subscription: ref.nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const paymentMethod = z.looseObject({
  id,
  customer: ref.nullish(),
  card: z
    .looseObject({
      brand: z.string().nullish(),
      last4: z.string().nullish(),
      exp_month: z.number().int().nullish(),
      exp_year: z.number().int().nullish(),
    })
    .nullish(),
});

const customer = z.looseObject({
  id,
  invoice_settings: z.looseObject({ default_payment_method: ref.nullish() }).nullish(),
});

/** The object each handled event type carries; other types are ignored without a look inside. */
const OBJECT_OF: Record<string, z.ZodType> = {
  'customer.subscription.created': subscription,
  'customer.subscription.updated': subscription,
  'customer.subscription.deleted': subscription,
  'customer.subscription.trial_will_end': subscription,
  'invoice.paid': invoice,
  'invoice.payment_failed': invoice,
  'checkout.session.completed': checkoutSession,
  'payment_method.attached': paymentMethod,
  'payment_method.detached': paymentMethod,
  'customer.updated': customer,
};

function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'the event';
  return `${where}: ${issue?.message ?? 'invalid'}`;
}

export type EventShape =
  | { ok: true }
  /** `record`: id, type and creation time are sound, so the event can be remembered as handled. */
  | { ok: false; problem: string; record?: { id: string; type: string; created: number } };

export function checkEventShape(event: unknown): EventShape {
  const head = envelope.safeParse(event);
  if (!head.success) {
    const e = event as { id?: unknown; type?: unknown; created?: unknown } | null;
    const sound =
      id.safeParse(e?.id).success && id.safeParse(e?.type).success && seconds.safeParse(e?.created).success;
    return {
      ok: false,
      problem: problem(head.error),
      ...(sound
        ? { record: { id: e?.id as string, type: e?.type as string, created: e?.created as number } }
        : {}),
    };
  }
  const shape = OBJECT_OF[head.data.type];
  const body = shape?.safeParse(head.data.data.object);
  if (!body || body.success) return { ok: true };
  return {
    ok: false,
    problem: `data.object.${problem(body.error)}`,
    record: { id: head.data.id, type: head.data.type, created: head.data.created },
  };
}
