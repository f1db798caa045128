import {
  SELECTABLE_PLAN_IDS,
  type SelectablePlanId,
  isValidEmail,
  normalizeEmail,
} from '@core-vault/contracts';
import { localStore } from '../../lib/storage';

/**
 * Where a registration stands between its steps, so a person who left after the e-mailed code
 * (closed the tab, went to find the mail) comes back to the code step instead of step 1, where
 * their address would now be taken. Only what the form showed them is kept — never the password
 * — for a day, and Sign Out forgets it with the rest of the app's data (`core-vault.` prefix).
 */
export interface RegistrationProgress {
  step: 'verify';
  email: string;
  firstName: string;
  lastName: string;
  planType: SelectablePlanId;
  savedAt: number;
}

const KEY = 'core-vault.registration';
export const PROGRESS_TTL_MS = 24 * 60 * 60 * 1000;
const PLANS: readonly string[] = SELECTABLE_PLAN_IDS;

export function saveProgress(progress: Omit<RegistrationProgress, 'savedAt'>, now = Date.now()): void {
  localStore.set(KEY, JSON.stringify({ ...progress, savedAt: now }));
}

export function clearProgress(): void {
  localStore.remove(KEY);
}

/** The saved progress, if any, still fresh and well formed (anything else is dropped). */
export function loadProgress(now = Date.now()): RegistrationProgress | null {
  const raw = localStore.get(KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const p = parsed as Partial<RegistrationProgress> | null;
  const valid =
    p !== null &&
    typeof p === 'object' &&
    p.step === 'verify' &&
    typeof p.email === 'string' &&
    isValidEmail(normalizeEmail(p.email)) &&
    typeof p.firstName === 'string' &&
    typeof p.lastName === 'string' &&
    typeof p.planType === 'string' &&
    PLANS.includes(p.planType) &&
    typeof p.savedAt === 'number' &&
    p.savedAt <= now &&
    now - p.savedAt < PROGRESS_TTL_MS;
  if (!valid) {
    clearProgress();
    return null;
  }
  return p as RegistrationProgress;
}
