import { useEffect, useRef, useState } from 'react';
import { APP_VERSION } from '../../../lib/company';
import { markTourDone } from '../tour-store';
import './tour.css';

export const TOUR_STEPS = [
  {
    title: 'Welcome to Core Vault!',
    text: 'Your vault for AI-generated artifacts. This short tour shows you around.',
    target: null,
  },
  {
    title: 'Upload your first artifact',
    text: 'Use the Upload New tab to paste code or drop a file. The type is detected for you.',
    target: 'tab-upload',
  },
  {
    title: 'Help is one click away',
    text: 'The Help button at the bottom explains types, sharing and privacy.',
    target: 'help-button',
  },
  {
    title: "What's new",
    text: `You are using Core Vault ${APP_VERSION}: version history, collections and search for your artifacts.`,
    target: null,
  },
] as const;

/** Four steps with Previous / Next / 'Get Started!' and a skip control; completion is remembered. */
export function OnboardingTour({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const current = TOUR_STEPS[step] ?? TOUR_STEPS[0];
  const last = step === TOUR_STEPS.length - 1;

  useEffect(() => {
    heading.current?.focus();
    const target = current.target ? document.getElementById(current.target) : null;
    target?.classList.add('tour-highlight');
    return () => target?.classList.remove('tour-highlight');
  }, [current]);

  const finish = () => {
    markTourDone();
    onClose();
  };

  return (
    <div className="tour" role="dialog" aria-modal="false" aria-labelledby="tour-title">
      <p className="cv-hint">
        Step {step + 1} of {TOUR_STEPS.length}
      </p>
      <h2 id="tour-title" ref={heading} tabIndex={-1}>
        {current.title}
      </h2>
      <p>{current.text}</p>
      <div className="cv-spread">
        <button type="button" className="cv-link-btn" onClick={finish}>
          Skip tour
        </button>
        <div className="cv-row">
          {step > 0 && (
            <button type="button" className="cv-btn cv-btn-small" onClick={() => setStep(step - 1)}>
              Previous
            </button>
          )}
          {last ? (
            <button type="button" className="cv-btn cv-btn-primary cv-btn-small" onClick={finish}>
              Get Started!
            </button>
          ) : (
            <button
              type="button"
              className="cv-btn cv-btn-primary cv-btn-small"
              onClick={() => setStep(step + 1)}
            >
              Next
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
