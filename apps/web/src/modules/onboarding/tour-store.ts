import { localStore } from '../../lib/storage';

export const TOUR_DONE_KEY = 'cv.onboarding-completed';

export const isTourDone = () => localStore.get(TOUR_DONE_KEY) === 'true';
export const markTourDone = () => localStore.set(TOUR_DONE_KEY, 'true');
