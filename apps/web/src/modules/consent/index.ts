export { ConsentBanner } from './components/ConsentBanner';
export { openConsentChoice } from './consent-store';
export { countView } from './track-view';
