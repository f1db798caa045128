import { type RuntimeOverview, runtimeOverviewSchema } from '@core-vault/contracts';
import { useCallback, useEffect, useState } from 'react';

export const RUNTIME_SETTINGS_MESSAGES = {
  button: 'Data & AI',
  loading: 'Loading…',
  failed: 'Could not load this artifact’s data. Please try again.',
  saveFailed: 'Could not save the change. Please try again.',
  shared: (keys: number, bytes: string) =>
    keys === 0 ? 'Shared data: none stored.' : `Shared data: ${keys} key${keys === 1 ? '' : 's'}, ${bytes}.`,
  personal: (viewers: number, bytes: string) =>
    viewers === 0
      ? 'Personal data: no signed-in viewer has stored any.'
      : `Personal data: ${viewers} signed-in viewer${viewers === 1 ? '' : 's'}, ${bytes} in all.`,
  anonymousWrites: 'Anonymous viewers may change the shared data',
  aiCalls: 'Allow AI calls (window.claude.complete)',
  aiNotConfigured: 'AI calls are not configured on this vault.',
  aiToday: (n: number) => `${n} AI call${n === 1 ? '' : 's'} today.`,
  clear: 'Clear shared data',
  confirmClear: 'Delete all shared data of this artifact? Viewers will see it empty.',
  cleared: 'Shared data cleared.',
} as const;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

interface Props {
  artifactId: string;
  accessToken: string | null;
  fetchImpl?: typeof fetch;
}

/**
 * The owner's view of Claude's runtime for this artifact (docs/reference/artifact-runtime.md): how much
 * shared and personal data it holds, whether anonymous viewers may write the shared store (off by
 * default), whether AI calls are allowed, and a way to clear the shared store. Loaded when opened.
 */
export function RuntimeSettings({ artifactId, accessToken, fetchImpl = fetch }: Props) {
  const [open, setOpen] = useState(false);
  const [overview, setOverview] = useState<RuntimeOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/v1/artifacts/${encodeURIComponent(artifactId)}`;

  const call = useCallback(
    async (path: string, init: RequestInit = {}) => {
      const res = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: {
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        },
      });
      if (res.status === 204) return null;
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const message = (body as { message?: unknown } | null)?.message;
        throw new Error(typeof message === 'string' ? message : RUNTIME_SETTINGS_MESSAGES.saveFailed);
      }
      return body;
    },
    [base, accessToken, fetchImpl],
  );

  const load = useCallback(async () => {
    setError(null);
    try {
      setOverview(runtimeOverviewSchema.parse(await call('/runtime')));
    } catch {
      setError(RUNTIME_SETTINGS_MESSAGES.failed);
    }
  }, [call]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const change = async (patch: { anonymousSharedWrites?: boolean; aiCalls?: boolean }) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      setOverview(
        runtimeOverviewSchema.parse(await call('/runtime', { method: 'PATCH', body: JSON.stringify(patch) })),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : RUNTIME_SETTINGS_MESSAGES.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    if (!window.confirm(RUNTIME_SETTINGS_MESSAGES.confirmClear)) return;
    setBusy(true);
    setError(null);
    try {
      await call('/storage/shared', { method: 'DELETE' });
      setNote(RUNTIME_SETTINGS_MESSAGES.cleared);
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : RUNTIME_SETTINGS_MESSAGES.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const m = RUNTIME_SETTINGS_MESSAGES;
  return (
    <details
      className="cv-runtime-settings"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      style={{ position: 'relative' }}
    >
      <summary style={{ cursor: 'pointer' }}>{m.button}</summary>
      <div
        role="group"
        aria-label="Data and AI of this artifact"
        style={{
          position: 'absolute',
          zIndex: 20,
          top: '100%',
          left: 0,
          width: 320,
          padding: 12,
          background: 'var(--cv-surface)',
          border: '1px solid var(--cv-border)',
          borderRadius: 8,
          boxShadow: '0 6px 24px rgba(0,0,0,.12)',
          fontSize: 14,
          lineHeight: 1.5,
        }}
      >
        {!overview && !error && <p role="status">{m.loading}</p>}
        {overview && (
          <>
            <p>{m.shared(overview.storage.sharedKeys, formatBytes(overview.storage.sharedBytes))}</p>
            <p>{m.personal(overview.storage.personalViewers, formatBytes(overview.storage.personalBytes))}</p>
            <label style={{ display: 'block' }}>
              <input
                type="checkbox"
                checked={overview.settings.anonymousSharedWrites}
                disabled={busy}
                onChange={(e) => void change({ anonymousSharedWrites: e.target.checked })}
              />{' '}
              {m.anonymousWrites}
            </label>
            <label style={{ display: 'block' }}>
              <input
                type="checkbox"
                checked={overview.settings.aiCalls}
                disabled={busy}
                onChange={(e) => void change({ aiCalls: e.target.checked })}
              />{' '}
              {m.aiCalls}
            </label>
            <p style={{ color: 'var(--cv-muted)' }}>
              {overview.ai.configured ? m.aiToday(overview.ai.callsToday) : m.aiNotConfigured}
            </p>
            <button
              type="button"
              disabled={busy || overview.storage.sharedKeys === 0}
              onClick={() => void clear()}
            >
              {m.clear}
            </button>
          </>
        )}
        {note && <p role="status">{note}</p>}
        {error && (
          <p role="alert" style={{ color: 'var(--cv-red)' }}>
            {error}
          </p>
        )}
      </div>
    </details>
  );
}
