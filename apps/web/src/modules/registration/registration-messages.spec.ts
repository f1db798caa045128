import { ApiError } from '../../lib/api/errors';
import { trialProblem } from './registration-messages';

describe('trialProblem', () => {
  it('shows card errors under the field', () => {
    expect(trialProblem(new ApiError(402, 'card_declined', 'Your card was declined.'))).toEqual({
      cardError: 'Your card was declined.',
    });
    expect(trialProblem(new ApiError(400, 'BAD', 'Failed to process payment method'))).toEqual({
      cardError: 'Failed to process payment method',
    });
  });

  it('shows the server error, or the fallbacks, in the banner', () => {
    expect(trialProblem(new ApiError(502, 'X', 'Failed to create account'))).toEqual({
      banner: 'Failed to create account',
    });
    expect(trialProblem(new ApiError(502, 'X', ''))).toEqual({ banner: 'Failed to create subscription' });
    expect(trialProblem(new Error('x'))).toEqual({
      banner: 'An unexpected error occurred during registration',
    });
  });
});
