export { ConsentBanner } from './components/ConsentBanner';
export { trackConsentedView } from './track-view';
