import { type SessionUser, isSubscribed } from '@core-vault/contracts';
import { formatDate } from '../../lib/dates';

export type Tone = 'green' | 'blue' | 'amber' | 'red' | 'grey';

export interface StatusDisplay {
  tone: Tone;
  /** Short badge text (dashboard). */
  label: string;
  /** Longer label (billing's current plan card). */
  longLabel: string;
}

const KNOWN: Record<string, StatusDisplay> = {
  ACTIVE: { tone: 'green', label: 'Active', longLabel: 'Active Subscription' },
  TRIAL: { tone: 'blue', label: 'Trial', longLabel: 'Free Trial' },
  PAST_DUE: { tone: 'amber', label: 'Past Due', longLabel: 'Payment Past Due' },
  CANCELED: { tone: 'red', label: 'Canceled', longLabel: 'Canceled' },
  NO_SUBSCRIPTION: { tone: 'grey', label: 'Free', longLabel: 'Free Account' },
};

/** Spec accounts §4: status → colour and labels; other values raw in grey (or Unknown). */
export function statusDisplay(status: string | null | undefined): StatusDisplay {
  if (status && KNOWN[status]) return KNOWN[status];
  const raw = status?.trim() || 'Unknown';
  return { tone: 'grey', label: raw, longLabel: raw };
}

const DAY_MS = 86_400_000;

/** Whole days left, rounded up; 0 or less means the trial is over. */
export function trialDaysLeft(trialEnd: string, now: Date = new Date()): number {
  return Math.ceil((new Date(trialEnd).getTime() - now.getTime()) / DAY_MS);
}

export interface TrialText {
  text: string;
  urgent: boolean;
}

/** "Trial ends in N day(s)" (urgent at 3 or fewer) or "Trial expired" (urgent). */
export function trialText(trialEnd: string, now: Date = new Date()): TrialText {
  const days = trialDaysLeft(trialEnd, now);
  if (!Number.isFinite(days) || days <= 0) return { text: 'Trial expired', urgent: true };
  return { text: `Trial ends in ${days} day${days === 1 ? '' : 's'}`, urgent: days <= 3 };
}

/** The line under the badge: the trial countdown, or "Renews {date}" for other subscribers. */
export function subscriptionLine(user: SessionUser, now: Date = new Date()): TrialText | null {
  if (user.subscriptionStatus === 'TRIAL' && user.trialEnd) return trialText(user.trialEnd, now);
  if (isSubscribed(user) && user.currentPeriodEnd)
    return { text: `Renews ${formatDate(user.currentPeriodEnd)}`, urgent: false };
  return null;
}
