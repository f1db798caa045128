import { waitFor } from '@core-vault/platform/testing';

interface Message {
  id: string;
  subject: string;
  text: string;
  receivedAt: string;
}

async function inbox(mailApiUrl: string, to: string): Promise<Message[]> {
  const res = await fetch(`${mailApiUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Message[];
}

/** Ids of the mails `to` has now; pass them to waitForCode to ignore older codes. */
export async function mailIds(mailApiUrl: string, to: string): Promise<Set<string>> {
  return new Set((await inbox(mailApiUrl, to)).map((m) => m.id));
}

/** The 6-digit code of the newest mail to `to` that was not among `seen` (read from the sink). */
export async function waitForCode(mailApiUrl: string, to: string, seen: Set<string>): Promise<string> {
  const message = await waitFor(
    async () =>
      (await inbox(mailApiUrl, to)).find((m) => !seen.has(m.id) && /\b\d{6}\b/.test(m.text)) ?? null,
    (m) => m !== null,
    { timeoutMs: 20_000, intervalMs: 200, what: `a code mail to ${to}` },
  );
  return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
}
