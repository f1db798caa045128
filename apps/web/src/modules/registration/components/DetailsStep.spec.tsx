import { fireEvent, render, screen } from '@testing-library/react';
import { DetailsStep, emptyDetails } from './DetailsStep';

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
}

describe('DetailsStep', () => {
  it('checks the rules in the spec order and submits only when all pass', () => {
    const onSubmit = vi.fn();
    render(<DetailsStep initial={emptyDetails} busy={false} error={null} onSubmit={onSubmit} />);
    const alert = () => screen.getByRole('alert').textContent;

    fill({ 'First name': 'Ada', 'Last name': 'Lovelace', Email: 'not-an-email', Password: 'short' });
    expect(alert()).toBe('Please fill in all fields.');
    fill({ 'Confirm password': 'other' });
    expect(alert()).toBe('Please enter a valid email address.');
    fill({ Email: 'ada@example.com' });
    expect(alert()).toBe('Password must be at least 8 characters long.');
    fill({ Password: 'longenough1' });
    expect(alert()).toBe('Passwords do not match.');
    expect(onSubmit).not.toHaveBeenCalled();
    fill({ 'Confirm password': 'longenough1' });
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com', planType: 'pro_monthly' }),
    );
  });

  it('shows Business as COMING SOON and not selectable', () => {
    render(<DetailsStep initial={emptyDetails} busy={false} error={null} onSubmit={() => undefined} />);
    expect(screen.getByLabelText(/Business Monthly/)).toBeDisabled();
    expect(screen.getByLabelText(/Business Yearly/)).toBeDisabled();
    expect(screen.getByLabelText(/Pro Monthly/)).toBeChecked();
    expect(screen.getAllByText('COMING SOON')).toHaveLength(2);
    expect(screen.getByText('POPULAR')).toBeInTheDocument();
    expect(screen.getByText('Save $20')).toBeInTheDocument();
  });
});
