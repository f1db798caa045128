import { fireEvent, render, screen } from '@testing-library/react';
import { isTourDone } from '../tour-store';
import { OnboardingTour } from './OnboardingTour';

describe('OnboardingTour', () => {
  beforeEach(() => localStorage.clear());

  it('walks four steps and remembers completion', () => {
    const onClose = vi.fn();
    render(<OnboardingTour onClose={onClose} />);
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(isTourDone()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Get Started!' }));
    expect(isTourDone()).toBe(true);
    expect(onClose).toHaveBeenCalled();
  });

  it('can be skipped, which also counts as done', () => {
    render(<OnboardingTour onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip tour' }));
    expect(isTourDone()).toBe(true);
  });
});
