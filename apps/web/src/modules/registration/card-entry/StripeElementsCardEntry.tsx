import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { type CardEntryProps, PAYMENT_MESSAGES } from './card-entry';

/** The few parts of Stripe.js this form uses (https://docs.stripe.com/js). */
interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'change', cb: (e: { complete: boolean; error?: { message: string } }) => void): void;
  on(event: 'ready', cb: () => void): void;
}
interface StripeJs {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  createPaymentMethod(input: {
    type: 'card';
    card: StripeCardElement;
    billing_details: { email: string; name: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3/';
/** The spec's timeout for lazily loaded parts. */
const LOAD_TIMEOUT_MS = 120_000;

function loadStripeJs(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('timeout')), LOAD_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else reject(new Error('Stripe.js did not initialise'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('Stripe.js failed to load'));
    };
    document.head.appendChild(script);
  });
}

/**
 * Live mode: Stripe Elements, loaded at runtime from Stripe only when a publishable key is
 * configured (this chunk is never fetched in local mode, and Stripe.js cannot load offline).
 */
export function StripeElementsCardEntry({
  ref,
  disabled,
  onReady,
  onChange,
  error,
  publishableKey,
}: CardEntryProps & { publishableKey: string }) {
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let live = true;
    loadStripeJs()
      .then((Stripe) => {
        if (!live || !host.current) return;
        const js = Stripe(publishableKey);
        card = js.elements().create('card', { hidePostalCode: true });
        card.on('ready', onReady);
        card.on('change', (e) => onChange({ complete: e.complete, error: e.error?.message ?? null }));
        card.mount(host.current);
        stripe.current = { js, card };
      })
      .catch(() => live && setLoadError(PAYMENT_MESSAGES.configError));
    return () => {
      live = false;
      card?.destroy();
    };
  }, [publishableKey, onReady, onChange]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod(billing) {
        const s = stripe.current;
        if (!s) return { ok: false, cardError: PAYMENT_MESSAGES.elementMissing };
        const result = await s.js.createPaymentMethod({
          type: 'card',
          card: s.card,
          billing_details: billing,
        });
        if (result.paymentMethod) return { ok: true, paymentMethodId: result.paymentMethod.id };
        return { ok: false, cardError: result.error?.message ?? PAYMENT_MESSAGES.processFailed };
      },
    }),
    [],
  );

  return (
    <fieldset className="reg-card" disabled={disabled}>
      <legend className="cv-label">Card details</legend>
      <div ref={host} className="cv-input reg-elements" />
      <p className="cv-field-error" role="alert">
        {loadError ?? error ?? ''}
      </p>
    </fieldset>
  );
}
