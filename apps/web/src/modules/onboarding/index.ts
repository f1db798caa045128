export { OnboardingTour } from './components/OnboardingTour';
export { isTourDone } from './tour-store';
export { OnboardingChecklist } from './components/OnboardingChecklist';
