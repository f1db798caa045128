/** Where Stripe delivers events: the gateway's public path, forwarded byte for byte to billing. */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/**
 * Largest Stripe event body accepted, the same at the gateway and in billing (a body the gateway
 * lets through must never be refused behind it). Stripe events run to several hundred KB (an
 * invoice with many lines); 1 MB leaves room. Larger ones are a 413 at the gateway.
 */
export const STRIPE_WEBHOOK_MAX_BYTES = 1024 * 1024;
