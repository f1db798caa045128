export { ConsentBanner } from './components/ConsentBanner';
export { countView } from './track-view';
