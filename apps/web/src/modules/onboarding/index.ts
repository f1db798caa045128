export { OnboardingTour } from './components/OnboardingTour';
export { isTourDone } from './tour-store';
export { useTour } from './useTour';
export { OnboardingChecklist } from './components/OnboardingChecklist';
