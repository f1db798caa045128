import { type AccessSubject, FEATURES, PLAN_FEATURES, hasFeature, isSubscribed } from './permissions';

const user = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  isActive: true,
  planType: 'Pro',
  subscriptionStatus: 'TRIAL',
  ...over,
});

describe('permission table (spec §6, Pro as the pricing card sells it)', () => {
  it.each([
    ['Pro', 'basic_upload', true],
    ['Pro', 'view_artifacts', true],
    ['Pro', 'analytics_basic', true],
    ['Pro', 'private_sharing', true],
    ['Pro', 'analytics_advanced', true],
    ['Pro', 'custom_domains', false],
    ['Pro', 'team_collaboration', false],
    ['Pro', 'priority_support', true],
    ['Pro', 'api_access', false],
    ['Business', 'analytics_advanced', true],
    ['Business', 'custom_domains', true],
    ['Business', 'team_collaboration', true],
    ['Business', 'priority_support', true],
    ['Business', 'api_access', true],
    ['Business', 'analytics_basic', false],
    ['Free', 'basic_upload', false],
  ] as const)('%s has %s: %s', (planType, feature, expected) => {
    expect(hasFeature(user({ planType, subscriptionStatus: 'ACTIVE' }), feature)).toBe(expected);
  });

  it('subscribed means ACTIVE or TRIAL or admin', () => {
    expect(isSubscribed(user({ subscriptionStatus: 'ACTIVE' }))).toBe(true);
    expect(isSubscribed(user({ subscriptionStatus: 'TRIAL' }))).toBe(true);
    for (const s of ['PAST_DUE', 'CANCELED', 'NO_SUBSCRIPTION'] as const) {
      expect(isSubscribed(user({ subscriptionStatus: s }))).toBe(false);
    }
    expect(isSubscribed(user({ subscriptionStatus: 'CANCELED', isAdmin: true }))).toBe(true);
  });

  it('non-admins also need isActive and a subscription', () => {
    expect(hasFeature(user({ isActive: false }), 'basic_upload')).toBe(false);
    expect(hasFeature(user({ subscriptionStatus: 'CANCELED' }), 'basic_upload')).toBe(false);
    expect(hasFeature(null, 'basic_upload')).toBe(false);
  });

  it('admins pass every check, even inactive', () => {
    const admin = user({
      isAdmin: true,
      isActive: false,
      planType: 'Free',
      subscriptionStatus: 'NO_SUBSCRIPTION',
    });
    for (const feature of FEATURES) expect(hasFeature(admin, feature)).toBe(true);
  });

  it('lists only known features', () => {
    for (const list of Object.values(PLAN_FEATURES)) for (const f of list) expect(FEATURES).toContain(f);
  });
});
