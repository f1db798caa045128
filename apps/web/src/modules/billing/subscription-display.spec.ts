import { type SessionUser } from '@core-vault/contracts';
import { statusDisplay, subscriptionLine, trialDaysLeft, trialText } from './subscription-display';

const now = new Date('2025-03-01T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('statusDisplay', () => {
  it('maps every spec status to its colour and labels', () => {
    expect(statusDisplay('ACTIVE')).toEqual({
      tone: 'green',
      label: 'Active',
      longLabel: 'Active Subscription',
    });
    expect(statusDisplay('TRIAL')).toEqual({ tone: 'blue', label: 'Trial', longLabel: 'Free Trial' });
    expect(statusDisplay('PAST_DUE')).toEqual({
      tone: 'amber',
      label: 'Past Due',
      longLabel: 'Payment Past Due',
    });
    expect(statusDisplay('CANCELED')).toMatchObject({ tone: 'red', label: 'Canceled' });
    expect(statusDisplay('NO_SUBSCRIPTION')).toEqual({
      tone: 'grey',
      label: 'Free',
      longLabel: 'Free Account',
    });
  });

  it('shows other values raw in grey, or Unknown', () => {
    expect(statusDisplay('INCOMPLETE')).toEqual({
      tone: 'grey',
      label: 'INCOMPLETE',
      longLabel: 'INCOMPLETE',
    });
    expect(statusDisplay(undefined).label).toBe('Unknown');
  });
});

describe('trial countdown', () => {
  it('rounds days up', () => {
    expect(trialDaysLeft(at(1), now)).toBe(1);
    expect(trialDaysLeft(at(24), now)).toBe(1);
    expect(trialDaysLeft(at(25), now)).toBe(2);
    expect(trialDaysLeft(at(90 * 24), now)).toBe(90);
  });

  it('says day or days, urgent at 3 or fewer', () => {
    expect(trialText(at(1), now)).toEqual({ text: 'Trial ends in 1 day', urgent: true });
    expect(trialText(at(72), now)).toEqual({ text: 'Trial ends in 3 days', urgent: true });
    expect(trialText(at(73), now)).toEqual({ text: 'Trial ends in 4 days', urgent: false });
  });

  it('says Trial expired (urgent) when no time is left', () => {
    expect(trialText(at(0), now)).toEqual({ text: 'Trial expired', urgent: true });
    expect(trialText(at(-48), now)).toEqual({ text: 'Trial expired', urgent: true });
  });

  it('gives trial users the countdown and other subscribers the renewal date', () => {
    const base = {
      id: 'u',
      email: 'e@x.io',
      planType: 'Pro',
      isActive: true,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      lastLoginAt: null,
      stripeCustomerId: 'cus_1',
    } as const;
    const trial: SessionUser = {
      ...base,
      subscriptionStatus: 'TRIAL',
      trialEnd: at(240),
      currentPeriodEnd: null,
    };
    expect(subscriptionLine(trial, now)?.text).toBe('Trial ends in 10 days');
    const active: SessionUser = {
      ...base,
      subscriptionStatus: 'ACTIVE',
      trialEnd: null,
      currentPeriodEnd: '2025-04-01T00:00:00Z',
    };
    expect(subscriptionLine(active, now)?.text).toMatch(/^Renews /);
    expect(subscriptionLine({ ...active, subscriptionStatus: 'NO_SUBSCRIPTION' }, now)).toBeNull();
  });
});
