import { type PricedPlan } from '@core-vault/contracts';
import { Banner, Dialog } from '../../../components/ui';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';

/** Switch between Pro monthly and Pro yearly (billing prorates). */
export function ChangePlanDialog({
  current,
  plans,
  onClose,
  onChanged,
}: {
  current: string | null;
  plans: readonly PricedPlan[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const change = useApiMutation(endpoints.billing.changePlan, { onSuccess: onChanged });
  const error = change.error ? change.error.message || 'Failed to change plan' : null;
  const choose = (id: string) => change.mutate({ body: { planType: id } });
  return (
    <Dialog title="Change Plan" onClose={onClose}>
      {error && <Banner tone="error">{error}</Banner>}
      <ul className="bl-pms">
        {plans.map((p) => (
          <li key={p.id} className="cv-spread">
            <span>
              <strong>{p.name}</strong> — {p.priceLabel}{' '}
              {p.badge && <span className="cv-badge">{p.badge}</span>}
            </span>
            <button
              type="button"
              className="cv-btn cv-btn-small"
              disabled={change.isPending}
              onClick={() => choose(p.id)}
            >
              Switch to {p.name}
            </button>
          </li>
        ))}
      </ul>
      {current && <p className="cv-hint">Current price: {current}</p>}
    </Dialog>
  );
}
