import { PLANS, type SelectablePlanId } from '@core-vault/contracts';

/** The plan catalogue: Pro monthly/yearly selectable; Business shown as COMING SOON, not selectable. */
export function PlanPicker({
  value,
  onChange,
}: {
  value: SelectablePlanId;
  onChange: (id: SelectablePlanId) => void;
}) {
  return (
    <fieldset className="reg-plans">
      <legend className="cv-label">Choose your plan</legend>
      {PLANS.map((plan) => {
        const id = `plan-${plan.id}`;
        return (
          <label
            key={plan.id}
            htmlFor={id}
            className={`reg-plan${plan.selectable ? '' : ' reg-plan-disabled'}${value === plan.id ? ' reg-plan-selected' : ''}`}
          >
            <input
              id={id}
              type="radio"
              name="planType"
              value={plan.id}
              disabled={!plan.selectable}
              checked={value === plan.id}
              onChange={() => plan.selectable && onChange(plan.id as SelectablePlanId)}
            />
            <span className="reg-plan-body">
              <span className="reg-plan-name">
                {plan.name} {plan.badge && <span className="cv-badge cv-tone-blue">{plan.badge}</span>}
              </span>
              <span className="reg-plan-price">{plan.priceLabel}</span>
              {!plan.selectable && <span className="cv-hint">{plan.cta}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
