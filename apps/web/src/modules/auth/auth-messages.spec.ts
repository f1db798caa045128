import { ApiError } from '../../lib/api/errors';
import { signInProblem } from './auth-messages';

describe('signInProblem', () => {
  const invalid = new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');

  it('says wrong credentials in normal mode and a wrong code in code mode', () => {
    expect(signInProblem(invalid, false).message).toBe('Invalid email or password');
    expect(signInProblem(new ApiError(401, 'INVALID_VERIFICATION_CODE', 'x'), true).message).toBe(
      'Invalid verification code. Please try again or request a new code.',
    );
  });

  it('redirects on DUPLICATE_EMAIL', () => {
    expect(signInProblem(new ApiError(409, 'DUPLICATE_EMAIL', 'dup'), false)).toEqual({
      message: 'An account with this email already exists. Redirecting to password reset...',
      duplicateEmail: true,
    });
  });

  it('passes network, rate-limit and other server messages through, with fallbacks', () => {
    expect(signInProblem(new ApiError(0, 'NETWORK', 'Network error. Please try again.'), true).message).toBe(
      'Network error. Please try again.',
    );
    expect(signInProblem(new ApiError(429, 'RATE_LIMITED', 'Too many attempts.'), false).message).toBe(
      'Too many attempts.',
    );
    expect(signInProblem(new ApiError(503, 'MAIL_UNAVAILABLE', ''), false).message).toBe('Failed to sign in');
    expect(signInProblem(new Error('boom'), false).message).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});
