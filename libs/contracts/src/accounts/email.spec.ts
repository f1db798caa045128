import { isValidEmail, normalizeEmail } from './email';
import { AUTH_MESSAGES } from './messages';
import { type SignUpBody, signUpProblem } from './auth-dto';

describe('e-mail addresses', () => {
  it('normalises by trimming, NFC and lower case', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it.each(['a@b.co', 'first.last+tag@mail.example.org', "o'neil@example.ie", 'x_y-z@sub-1.example.io'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    ['no at', 'plainaddress'],
    ['no domain dot', 'a@localhost'],
    ['double dot', 'a..b@example.com'],
    ['leading dot', '.a@example.com'],
    ['Cyrillic а in the domain (look-alike)', 'user@exаmple.com'],
    ['Cyrillic о in the local part', 'bоb@example.com'],
    ['full-width letters', 'ｕｓｅｒ@example.com'],
    ['accented local part', 'josé@example.com'],
    ['space', 'a b@example.com'],
    ['numeric top-level label', 'a@example.123'],
    ['label starting with a hyphen', 'a@-example.com'],
    ['local part over 64', `${'a'.repeat(65)}@example.com`],
    ['over 254 in total', `a@${'b'.repeat(250)}.com`],
    ['10,000 characters', `${'a'.repeat(10_000)}@example.com`],
  ])('rejects %s', (_why, email) => expect(isValidEmail(normalizeEmail(email))).toBe(false));
});

describe('registration rules, in the spec order', () => {
  const ok: SignUpBody = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'long enough',
    confirmPassword: 'long enough',
    planType: 'pro_monthly',
  };

  it('accepts a valid registration for both Pro plans', () => {
    expect(signUpProblem(ok)).toBeNull();
    expect(signUpProblem({ ...ok, planType: 'pro_yearly' })).toBeNull();
  });

  it.each([
    [{ ...ok, firstName: '  ', email: 'bad', password: 'short' }, AUTH_MESSAGES.fillAllFields],
    [{ ...ok, confirmPassword: undefined }, AUTH_MESSAGES.fillAllFields],
    [{ ...ok, email: 'bad', password: 'short', confirmPassword: 'other' }, AUTH_MESSAGES.invalidEmail],
    [{ ...ok, password: 'short', confirmPassword: 'other' }, AUTH_MESSAGES.passwordTooShort],
    [{ ...ok, confirmPassword: 'different!' }, AUTH_MESSAGES.passwordsDoNotMatch],
    [{ ...ok, planType: 'business_monthly' }, AUTH_MESSAGES.invalidPlanType],
    [{ ...ok, planType: 'business_yearly' }, AUTH_MESSAGES.invalidPlanType],
    [{ ...ok, planType: undefined }, AUTH_MESSAGES.invalidPlanType],
  ])('%j → %s', (body, message) => expect(signUpProblem(body)).toBe(message));
});
