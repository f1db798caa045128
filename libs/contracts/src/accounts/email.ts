import { z } from 'zod';

/** Longest address SMTP can carry (RFC 5321 path limit minus the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The one form an e-mail address is stored, compared and rate-limited under: trimmed,
 * NFC-normalised and lower-cased. Two spellings differing only in case are the same account.
 */
export function normalizeEmail(raw: string): string {
  return raw.trim().normalize('NFC').toLowerCase();
}

// ASCII only: a local part of dot-separated atoms and a domain of LDH labels ending in an
// alphabetic top-level label. Anything else, including Unicode look-alikes such as a Cyrillic "а"
// or full-width letters, is not an address we accept. zod's own e-mail check (the one event
// payloads use) must agree too, so an accepted address can always travel in an event.
const LOCAL_ATOM = "[a-z0-9_'+-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const EMAIL_PATTERN = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+[a-z]{2,63}$`);
const zodEmail = z.email();

/** True for an address in normalised form that we can deliver to (spec: "must look like an email"). */
export function isValidEmail(normalized: string): boolean {
  if (normalized.length > EMAIL_MAX_LENGTH) return false;
  const at = normalized.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return EMAIL_PATTERN.test(normalized) && zodEmail.safeParse(normalized).success;
}
