import { type Ref, Suspense, useCallback, useEffect, useState } from 'react';
import {
  type CardEntryHandle,
  type CardState,
  LocalTestCardEntry,
  PAYMENT_MESSAGES,
  StripePaymentEntry,
} from '../../registration';
import { type PaymentsConfigState } from '../api/usePaymentsConfig';
import { Banner } from '../../../components/ui';

/**
 * The registration screen's card entry, reused: the local test-card field (billing against
 * stripe-mock) or Stripe's Payment Element (live keys). `ready` once it can be submitted.
 */
export function CardEntry({
  payments,
  entry,
  disabled,
  error,
  onReadyChange,
}: {
  payments: PaymentsConfigState;
  entry: Ref<CardEntryHandle>;
  disabled: boolean;
  error: string | null;
  onReadyChange: (ready: boolean) => void;
}) {
  const [loaded, setLoaded] = useState(false);
  const [complete, setComplete] = useState(false);
  const onReady = useCallback(() => setLoaded(true), []);
  const onChange = useCallback((s: CardState) => setComplete(s.complete), []);
  useEffect(() => onReadyChange(loaded && complete), [loaded, complete, onReadyChange]);
  if (payments.status === 'loading') return <p className="cv-hint">Loading payment system...</p>;
  if (payments.status === 'error' || payments.config.mode === 'unavailable')
    return <Banner tone="error">{PAYMENT_MESSAGES.configError}</Banner>;
  const props = { ref: entry, disabled, onReady, onChange, error };
  if (payments.config.mode === 'test-cards') return <LocalTestCardEntry {...props} />;
  return (
    <Suspense fallback={<p className="cv-hint">Loading payment system...</p>}>
      <StripePaymentEntry {...props} publishableKey={payments.config.publishableKey ?? ''} />
    </Suspense>
  );
}
