import {
  cardComplete,
  cardProblem,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './card-validation';

const now = new Date('2025-06-15T00:00:00Z');

describe('local card field checks', () => {
  it('accepts Stripe published test numbers and refuses the incorrect-number one', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardProblem({ number: '4242424242424241', expiry: '', cvc: '' }, now)).toBe(
      'Your card number is incorrect.',
    );
  });

  it('formats as the user types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(parseExpiry('12 / 29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('13 / 29')).toBeNull();
  });

  it('is complete only with a valid number, a future expiry and a CVC of the right length', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 29', cvc: '123' };
    expect(cardComplete(card, now)).toBe(true);
    expect(cardComplete({ ...card, cvc: '12' }, now)).toBe(false);
    expect(cardComplete({ ...card, expiry: '01 / 24' }, now)).toBe(false);
    expect(cardProblem({ ...card, expiry: '01 / 24' }, now)).toBe(
      "Your card's expiration year is in the past.",
    );
    expect(cardComplete({ number: '378282246310005', expiry: '12 / 29', cvc: '1234' }, now)).toBe(true);
  });
});
