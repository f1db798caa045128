import { useState } from 'react';
import { VIEW_MESSAGES as M } from '../messages';

/**
 * The owner's switch for "Save a copy to my vault" on their public page: PATCH allowRemix. On by
 * default; off, visitors no longer see the button and the server refuses copies (403).
 */
export function RemixToggle({
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
        body: JSON.stringify({ allowRemix: !allowed }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        message?: string;
        artifact?: { allowRemix?: boolean };
      };
      if (!res.ok) throw new Error(body.message ?? M.copiesFailed);
      onChange(body.artifact?.allowRemix ?? !allowed);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.copiesFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void toggle()} disabled={busy} aria-pressed={!allowed}>
        {allowed ? M.turnOffCopies : M.allowCopies}
      </button>
      {error && (
        <span role="alert" className="cv-reuse-error">
          {error}
        </span>
      )}
    </>
  );
}
