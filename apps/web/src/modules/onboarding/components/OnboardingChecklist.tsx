import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { endpoints } from '../../../lib/api/endpoints';
import { apiKey, apiQuery, useApiMutation } from '../../../lib/query';
import { BAND_LABELS, MILESTONE_STEPS } from '../milestone-steps';
import './checklist.css';

/**
 * The five onboarding milestones on the dashboard, each with its state and the way to reach it.
 * Dismissal is stored by the onboarding service per user, so it holds on every device and tab.
 * Admins also see the health score (the product has no other admin screen to show it on).
 * Shows nothing while loading or when the progress cannot be read: it is a help, not a gate.
 */
export function OnboardingChecklist({
  isAdmin,
  onShowArtifacts,
}: {
  isAdmin: boolean;
  onShowArtifacts: () => void;
}) {
  const client = useQueryClient();
  const { data: progress } = useQuery(apiQuery(endpoints.onboarding.progress));
  const dismiss = useApiMutation(endpoints.onboarding.checklist, {
    onSuccess: (next) => client.setQueryData(apiKey(endpoints.onboarding.progress), next),
  });
  if (!progress || progress.dismissed) return null;
  const total = progress.milestones.length;

  return (
    <section className="cv-card ob-checklist" aria-labelledby="checklist-title">
      <div className="cv-spread">
        <h2 id="checklist-title">Get started with Core Vault</h2>
        <button
          type="button"
          className="cv-btn cv-btn-small"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate({ body: { dismissed: true } })}
        >
          Dismiss checklist
        </button>
      </div>
      <p className="cv-hint" data-testid="checklist-count">
        {progress.completed === total ? 'All steps done.' : `${progress.completed} of ${total} steps done`}
      </p>
      {isAdmin && (
        <p data-testid="health-score">
          Health score: <strong>{progress.healthScore}</strong> ({BAND_LABELS[progress.band]})
        </p>
      )}
      {dismiss.error && (
        <p className="cv-field-error" role="alert">
          {dismiss.error.message || 'Could not dismiss the checklist. Please try again.'}
        </p>
      )}
      <ul className="ob-steps">
        {progress.milestones.map((m) => {
          const step = MILESTONE_STEPS[m.key];
          return (
            <li
              key={m.key}
              className={m.reachedAt ? 'ob-done' : 'ob-open'}
              data-testid={`milestone-${m.key}`}
            >
              <span aria-hidden="true">{m.reachedAt ? '✓' : '○'}</span>
              <span className="ob-label">
                {m.label}
                <span className="cv-visually-hidden">{m.reachedAt ? ' (done)' : ' (not done yet)'}</span>
              </span>
              {m.reachedAt ? (
                <span className="cv-hint">{new Date(m.reachedAt).toLocaleDateString()}</span>
              ) : step.kind === 'link' ? (
                <Link to={step.to}>{step.action}</Link>
              ) : (
                <span>
                  <button type="button" className="cv-btn cv-btn-small" onClick={onShowArtifacts}>
                    {step.action}
                  </button>{' '}
                  <span className="cv-hint">{step.hint}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
