import { useState } from 'react';
import { NETWORK_MESSAGES } from './NetworkAccess';

/**
 * The owner's switch: PATCH allowNetwork, then the frame reloads with the matching CSP. Off by
 * default; turning it on is a choice about the viewers' privacy (docs/reference/rendering.md, "Network").
 */
export function NetworkToggle({
  artifactId,
  allowed,
  accessToken,
  onChange,
  fetchImpl = fetch,
}: {
  artifactId: string;
  allowed: boolean;
  accessToken: string | null;
  onChange: (allowed: boolean) => void;
  fetchImpl?: typeof fetch;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetchImpl(`/api/v1/artifacts/${encodeURIComponent(artifactId)}`, {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        },
        body: JSON.stringify({ allowNetwork: !allowed }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        message?: string;
        artifact?: { allowNetwork?: boolean };
      };
      if (!res.ok) throw new Error(body.message ?? NETWORK_MESSAGES.failed);
      onChange(body.artifact?.allowNetwork ?? !allowed);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : NETWORK_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void toggle()} disabled={busy} aria-pressed={allowed}>
        {allowed ? NETWORK_MESSAGES.block : NETWORK_MESSAGES.allow}
      </button>
      {error && (
        <span role="alert" style={{ color: 'var(--cv-red)', fontSize: 13 }}>
          {error}
        </span>
      )}
    </>
  );
}
