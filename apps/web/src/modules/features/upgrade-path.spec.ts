import { type SessionUser, sessionUserSchema } from '@core-vault/contracts';
import { sessionUser } from '../../test-support';
import { upgradePath } from './upgrade-path';

const user = (over: Partial<SessionUser>) => sessionUserSchema.parse({ ...sessionUser(), ...over });

describe('upgradePath', () => {
  it('sends a subscriber to the change-plan dialog, not to registration', () => {
    expect(upgradePath(user({ subscriptionStatus: 'TRIAL' }))).toBe('/billing?change-plan=1');
    expect(upgradePath(user({ subscriptionStatus: 'ACTIVE', planType: 'Business' }))).toBe(
      '/billing?change-plan=1',
    );
  });

  it('sends a past-due account to billing to fix its card', () => {
    expect(upgradePath(user({ subscriptionStatus: 'PAST_DUE' }))).toBe('/billing');
  });

  it('sends everyone without a subscription to choose a plan', () => {
    expect(upgradePath(user({ subscriptionStatus: 'NO_SUBSCRIPTION', isActive: false }))).toBe('/register');
    expect(upgradePath(user({ subscriptionStatus: 'CANCELED', isActive: false }))).toBe('/register');
    expect(upgradePath(null)).toBe('/register');
  });
});
