/** Client-side checks of the local test-card field, as Stripe Elements does them. */

export const digitsOnly = (s: string) => s.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (Amex 4-6-5). */
export function formatCardNumber(raw: string): string {
  const d = digitsOnly(raw).slice(0, 19);
  if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhnValid(number: string): boolean {
  const d = digitsOnly(number);
  if (d.length < 12 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** "1229" or "12/29" → {month: 12, year: 2029}; null when not a month/year. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const d = digitsOnly(raw);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  const year = 2000 + Number(d.slice(2));
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export function formatExpiry(raw: string): string {
  const d = digitsOnly(raw).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** The first problem of a filled-in card, or null; incomplete fields are not errors yet. */
export function cardProblem(f: CardFields, now = new Date()): string | null {
  const number = digitsOnly(f.number);
  if (number.length >= 12 && !luhnValid(number) && number.length >= (/^3[47]/.test(number) ? 15 : 16))
    return 'Your card number is incorrect.';
  const expiry = parseExpiry(f.expiry);
  if (digitsOnly(f.expiry).length === 4) {
    if (!expiry) return "Your card's expiration date is incomplete.";
    const endOfMonth = new Date(expiry.year, expiry.month, 1);
    if (endOfMonth <= now) return "Your card's expiration year is in the past.";
  }
  return null;
}

export function cardComplete(f: CardFields, now = new Date()): boolean {
  const number = digitsOnly(f.number);
  const cvcLength = /^3[47]/.test(number) ? 4 : 3;
  return (
    luhnValid(number) &&
    number.length >= (/^3[47]/.test(number) ? 15 : 16) &&
    parseExpiry(f.expiry) !== null &&
    digitsOnly(f.cvc).length === cvcLength &&
    cardProblem(f, now) === null
  );
}
