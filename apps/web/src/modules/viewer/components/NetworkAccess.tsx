import { useState } from 'react';

export const NETWORK_MESSAGES = {
  badge: 'Uses the network',
  badgeTitle:
    'Its owner lets this artifact connect to internet services (https) from your browser. Those services can see your IP address.',
  allow: 'Allow network access',
  block: 'Block network access',
  failed: 'Could not change network access. Please try again.',
} as const;

const badge = {
  padding: '2px 10px',
  borderRadius: 999,
  background: '#fff1d6',
  color: '#7a4b00',
  fontSize: 12,
  fontWeight: 600,
};

/** Shown to everyone when the owner allowed outbound network for the artifact. */
export function NetworkBadge() {
  return (
    <span style={badge} title={NETWORK_MESSAGES.badgeTitle} data-testid="network-badge">
      🌐 {NETWORK_MESSAGES.badge}
    </span>
  );
}

/**
 * The owner's switch: PATCH allowNetwork, then the frame reloads with the matching CSP. Off by
 * default; turning it on is a choice about the viewers' privacy (docs/rendering.md, "Network").
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
        <span role="alert" style={{ color: '#b42318', fontSize: 13 }}>
          {error}
        </span>
      )}
    </>
  );
}
