import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PLANS, type SessionUser, hasFeature, isSubscribed } from '@core-vault/contracts';
import { Spinner } from '../../../components/ui';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';
import { formatDate } from '../../../lib/dates';
import { SUPPORT_EMAIL } from '../../../lib/company';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { statusDisplay, trialText } from '../subscription-display';
import { useSession } from '../../auth';
import {
  BILLING_TEXTS as T,
  PLAN_FEATURE_ROWS,
  cardLabel,
  formatAmount,
  invoiceTone,
} from '../billing-texts';
import { useBillingData } from '../hooks/useBillingData';
import { usePaymentsConfig } from '../api/usePaymentsConfig';
import { useSubscriptionCatchUp } from '../../registration';
import { ImportArtifacts, ImportFromSources } from '../../portability';
import { messageOf } from '../../../lib/api/errors';
import { ChangePlanDialog } from './BillingDialogs';
import { CardDialog, type CardOnFile, SubscribeDialog } from './CardDialogs';
import { ExportData } from './ExportData';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import './billing.css';

export function BillingPage() {
  useDocumentMeta({ title: 'Billing & Subscription', robots: 'noindex, nofollow' });
  const { user, refreshUser } = useSession();
  if (!user) return <Spinner />;
  return <Billing user={user} refreshUser={refreshUser} />;
}

function Billing({ user, refreshUser }: { user: SessionUser; refreshUser: () => Promise<unknown> }) {
  const data = useBillingData(user);
  const cancel = useApiMutation(endpoints.billing.cancelSubscription);
  const resume = useApiMutation(endpoints.billing.resumeSubscription);
  const retry = useApiMutation(endpoints.billing.retryPayment);
  const payments = usePaymentsConfig();
  const catchUp = useSubscriptionCatchUp();
  // Until the subscription's details are in, which of Cancel and Resume applies is unknown: a
  // click then used to answer "no subscription to cancel" for a subscription that exists.
  const detailsPending = !data.details && data.loading;
  const busy = cancel.isPending || resume.isPending || retry.isPending;
  const subscribed = isSubscribed(user);
  // CHANGE_PLAN_PATH (Upgrade Now elsewhere in the app) lands here with the dialog open.
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<'plan' | 'add-card' | 'replace-card' | 'subscribe' | null>(() =>
    subscribed && params.has('change-plan') ? 'plan' : null,
  );
  const status = user.subscriptionStatus;
  // A canceled account, or one whose trial never finished, comes back through "Subscribe";
  // an account without a billing account starts with the trial (/register).
  const comeback = !subscribed && status !== 'PAST_DUE' && Boolean(user.stripeCustomerId);
  const sub = data.details?.subscriptions[0] ?? null;
  const cards = data.details?.payment_methods ?? [];
  const current = cards.find((pm) => pm.is_default);
  const defaultCard: CardOnFile | null = current ? { id: current.id, label: cardLabel(current.card) } : null;
  const display = statusDisplay(user.subscriptionStatus);
  const planName = `Core Vault ${subscribed ? user.planType : 'Free'}`;

  const act = async (kind: 'cancel' | 'resume') => {
    if (kind === 'cancel' && !window.confirm(T.confirmCancel)) return;
    if (!sub) return window.alert(kind === 'cancel' ? T.noSubscriptionToCancel : T.noSubscriptionToResume);
    try {
      await (kind === 'cancel' ? cancel : resume).mutateAsync({ body: {} });
      window.alert(kind === 'cancel' ? T.canceled : T.resumed);
    } catch {
      window.alert(kind === 'cancel' ? T.cancelFailed : T.resumeFailed);
    } finally {
      data.reload();
      void refreshUser();
    }
  };

  const retryPayment = async () => {
    try {
      const res = await retry.mutateAsync({ body: {} });
      await catchUp();
      window.alert(res.message);
    } catch (err) {
      window.alert(messageOf(err, T.paymentRetryFailed));
    } finally {
      data.reload();
    }
  };

  /** After a dialog changed cards or the subscription: its message, fresh data, the new status. */
  const dialogDone = async (message: string) => {
    const resubscribed = dialog === 'subscribe';
    setDialog(null);
    data.reload();
    if (resubscribed) await catchUp();
    else void refreshUser();
    window.alert(message);
  };

  return (
    <div className="bl">
      <header className="cv-topbar">
        <div className="cv-topbar-inner">
          <div className="cv-row">
            <Link to="/dashboard" className="cv-back" aria-label="Back to dashboard">
              ←
            </Link>
            <h1 className="bl-title">Billing &amp; Subscription</h1>
          </div>
        </div>
      </header>
      <main className="cv-page bl-grid">
        <section className="cv-card bl-wide" aria-labelledby="plan-title">
          <h2 id="plan-title">Current Plan</h2>
          <p className="bl-plan">
            <span className={`bl-dot cv-tone-${display.tone}`} aria-hidden="true" />
            <strong>{planName}</strong>
            <span className={`cv-badge cv-tone-${display.tone}`} data-testid="billing-status">
              {display.longLabel}
            </span>
          </p>
          {user.subscriptionStatus === 'TRIAL' && user.trialEnd && (
            <div
              className={`cv-banner ${trialText(user.trialEnd).urgent ? 'cv-banner-warning' : 'cv-banner-info'}`}
            >
              {trialText(user.trialEnd).text} ({formatDate(user.trialEnd)}). Your card is charged only after
              the trial.
            </div>
          )}
          {subscribed && user.subscriptionStatus !== 'TRIAL' && user.currentPeriodEnd && (
            <div className="cv-banner cv-banner-info">
              Next billing date: {formatDate(user.currentPeriodEnd)}
            </div>
          )}
          {status === 'PAST_DUE' && (
            <div className="cv-banner cv-banner-warning" role="status" data-testid="past-due-warning">
              {T.pastDue}
            </div>
          )}
          {status === 'CANCELED' && (
            <div className="cv-banner cv-banner-info" data-testid="canceled-info">
              {T.canceledAccount}
            </div>
          )}
          {subscribed && sub?.cancel_at_period_end && (
            <div className="cv-banner cv-banner-warning" role="status" data-testid="cancel-warning">
              Your subscription is set to cancel at the end of the current billing period
              {sub.current_period_end || sub.trial_end
                ? ` (${formatDate(sub.trial_end ?? sub.current_period_end)})`
                : ''}
              . You keep access until then.
            </div>
          )}
          <div className="cv-row">
            {subscribed || status === 'PAST_DUE' ? (
              <>
                <button
                  type="button"
                  className="cv-btn"
                  onClick={() => setDialog(defaultCard ? 'replace-card' : 'add-card')}
                >
                  Update Payment Method
                </button>
                {status === 'PAST_DUE' && (
                  <button
                    type="button"
                    className="cv-btn cv-btn-primary"
                    disabled={busy}
                    onClick={() => void retryPayment()}
                  >
                    Retry Payment
                  </button>
                )}
                {subscribed && (
                  <button type="button" className="cv-btn" onClick={() => setDialog('plan')}>
                    Change Plan
                  </button>
                )}
                {subscribed &&
                  (sub?.cancel_at_period_end ? (
                    <button
                      type="button"
                      className="cv-btn cv-btn-primary"
                      disabled={busy}
                      onClick={() => void act('resume')}
                    >
                      Resume Subscription
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="cv-btn cv-btn-danger"
                      disabled={busy || detailsPending}
                      aria-busy={detailsPending}
                      onClick={() => void act('cancel')}
                    >
                      Cancel Subscription
                    </button>
                  ))}
              </>
            ) : comeback ? (
              <button type="button" className="cv-btn cv-btn-primary" onClick={() => setDialog('subscribe')}>
                Subscribe to Pro
              </button>
            ) : (
              <Link className="cv-btn cv-btn-primary" to="/register">
                Upgrade to Pro
              </Link>
            )}
          </div>
        </section>

        <section className="cv-card" aria-labelledby="features-title">
          <h2 id="features-title">Plan Features</h2>
          <ul className="bl-features">
            {PLAN_FEATURE_ROWS.map((f) => {
              const on = f.feature ? hasFeature(user, f.feature) : subscribed;
              return (
                <li key={f.label} className={on ? 'bl-on' : 'bl-off'}>
                  <span aria-hidden="true">{on ? '✓' : '✕'}</span> {f.label}
                  <span className="cv-visually-hidden">{on ? ' (included)' : ' (not included)'}</span>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="cv-card" aria-labelledby="account-title">
          <h2 id="account-title">Account Details</h2>
          <dl className="bl-dl">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
            <dt>Customer ID</dt>
            <dd>{user.stripeCustomerId ?? 'Not set'}</dd>
          </dl>
        </section>

        <section className="cv-card" aria-labelledby="help-title">
          <h2 id="help-title">Need Help?</h2>
          <p>Questions about your plan or an invoice? We are happy to help.</p>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </section>

        <section className="cv-card" aria-labelledby="export-title">
          <h2 id="export-title">Export Your Data</h2>
          <p>Download your artifacts, analytics, account details and usage history as one JSON file.</p>
          <ExportData />
          <ImportArtifacts />
          <ImportFromSources />
        </section>

        <section className="cv-card bl-wide" aria-labelledby="history-title">
          <h2 id="history-title">Billing History</h2>
          {data.invoices.length === 0 ? (
            <p className="cv-hint">{data.loading ? 'Loading...' : T.noHistory}</p>
          ) : (
            <table className="bl-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Invoice</th>
                </tr>
              </thead>
              <tbody>
                {data.invoices.map((inv) => (
                  <tr key={inv.id}>
                    <td>{formatDate(inv.date)}</td>
                    <td>{formatAmount(inv.amount, inv.currency)}</td>
                    <td>
                      <span className={`cv-badge cv-tone-${invoiceTone(inv.status)}`}>{inv.status}</span>
                    </td>
                    <td>
                      {inv.pdf_url ? (
                        <a href={inv.pdf_url} target="_blank" rel="noopener noreferrer">
                          PDF
                        </a>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <PaymentMethodsCard
          cards={cards}
          canAdd={Boolean(user.stripeCustomerId)}
          onAdd={() => setDialog('add-card')}
          onChanged={data.reload}
        />
      </main>
      {dialog === 'plan' && (
        <ChangePlanDialog
          current={sub?.plan_id ?? null}
          plans={PLANS.filter((p) => p.selectable)}
          onClose={() => setDialog(null)}
          onChanged={() => {
            setDialog(null);
            data.reload();
          }}
        />
      )}
      {(dialog === 'add-card' || dialog === 'replace-card') && (
        <CardDialog
          user={user}
          payments={payments}
          replaces={dialog === 'replace-card' ? defaultCard : null}
          onClose={() => setDialog(null)}
          onDone={(message) => void dialogDone(message)}
        />
      )}
      {dialog === 'subscribe' && (
        <SubscribeDialog
          user={user}
          payments={payments}
          plans={PLANS.filter((p) => p.selectable)}
          cardOnFile={defaultCard}
          onClose={() => setDialog(null)}
          onDone={(message) => void dialogDone(message)}
        />
      )}
    </div>
  );
}
