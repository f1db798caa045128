export { OnboardingTour } from './components/OnboardingTour';
export { isTourDone } from './tour-store';
