import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Banner, Dialog } from '../../../../components/ui';
import { api } from '../../../../lib/api/client';
import { endpoints } from '../../../../lib/api/endpoints';
import { apiKey, apiQuery, useApiMutation } from '../../../../lib/query';
import { ActivityList } from './ActivityList';
import { HISTORY_TEXTS as T, copiedNotice, restoredNotice, versionName } from './history-labels';
import { type ShareChannel, copyPinned } from './pinned-share';
import { VersionItem } from './VersionItem';
import { PUBLISH_TEXTS, onlyYouCanOpen } from '../publish/publish-labels';
import { type VersionHistoryDialogProps } from '../VersionHistoryDialog';
import './history.css';

// Lazy: the diff (with its worker) and the viewer's frame load only when someone compares or
// previews, never with the dashboard, and never on / or /view.
const HistoryCompare = lazy(() => import('./HistoryCompare').then((m) => ({ default: m.HistoryCompare })));
const HistoryPreview = lazy(() => import('./HistoryPreview').then((m) => ({ default: m.HistoryPreview })));

type Notice = { tone: 'success' | 'error'; text: string; copy?: string };

/**
 * The History view: every version (who, when, size, note, restores; compare any two, preview,
 * restore, copy a link or embed pinned to it) and the activity list. A dialog that fills a phone's
 * screen.
 */
export function HistoryDialog({ artifact, onClose, onRestored }: VersionHistoryDialogProps) {
  const client = useQueryClient();
  // History is the owner's alone (the routes answer 403 to anyone else): the caller is the owner.
  const me = artifact.owner;
  const params = { id: artifact.id };
  const versions = useQuery(apiQuery(endpoints.artifacts.listVersions, { params }));
  const [tab, setTab] = useState<'versions' | 'activity'>('versions');
  const [pair, setPair] = useState<{ older: number; newer: number } | null>(null);
  const [comparing, setComparing] = useState<{ older: number; newer: number } | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The revision restores are checked against; a restore (or a conflict) moves it on.
  const [revision, setRevision] = useState(artifact.revision);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: apiKey(endpoints.artifacts.listVersions, { params }) });
    void client.invalidateQueries({ queryKey: apiKey(endpoints.artifacts.activity, { params }) });
  };
  const restore = useApiMutation(endpoints.artifacts.restoreVersion, {
    onSuccess: (res, input) => {
      onRestored(res.artifact);
      setRevision(res.artifact.revision);
      setConfirming(null);
      setNotice({
        tone: 'success',
        text: restoredNotice(Number(input.params?.version), res.artifact.version),
      });
      refresh();
    },
    onError: (err) => {
      setConfirming(null);
      setNotice({ tone: 'error', text: err.message || T.restoreFailed });
      refresh();
      // Changed elsewhere (409): take the latest, so the owner can review the list and restore again.
      void api
        .call(endpoints.artifacts.get, { params })
        .then(({ artifact: latest }) => {
          if (!('owner' in latest)) return;
          setRevision(latest.revision);
          onRestored(latest);
        })
        .catch(() => undefined);
    },
  });

  // Saved while the artifact was private and not published with it (#32): the owner may publish them.
  const publishAll = useApiMutation(endpoints.artifacts.update, {
    onSuccess: (res) => {
      onRestored(res.artifact);
      setRevision(res.artifact.revision);
      setNotice({ tone: 'success', text: PUBLISH_TEXTS.publishedAll });
      refresh();
    },
    onError: (err) => setNotice({ tone: 'error', text: err.message || T.versionsFailed }),
  });

  const list = versions.data?.versions ?? [];
  const unpublished = artifact.isPublic ? list.filter((v) => !v.published).map((v) => v.version) : [];
  // Default pair: the version before the current one against the current one.
  const chosen =
    pair ?? (list.length >= 2 ? { older: list[1]?.version ?? 1, newer: list[0]?.version ?? 1 } : null);

  const copy = async (channel: ShareChannel, version: number) => {
    const { copied, text } = await copyPinned(artifact, channel, version);
    setNotice(
      copied
        ? { tone: 'success', text: copiedNotice(channel, version), copy: text }
        : { tone: 'error', text: T.copyFailed, copy: text },
    );
  };

  const versionOptions = list.map((v) => (
    <option key={v.version} value={v.version}>
      {versionName(v.version)}
    </option>
  ));

  return (
    <Dialog title={`Version history: ${artifact.title}`} onClose={onClose}>
      <div className="vh-history">
        <div role="tablist" aria-label="History" className="vh-tabs">
          {(['versions', 'activity'] as const).map((t) => (
            <button
              key={t}
              id={`vh-tab-${t}`}
              type="button"
              role="tab"
              aria-selected={tab === t}
              aria-controls={`vh-panel-${t}`}
              className="vh-tab"
              onClick={() => setTab(t)}
            >
              {t === 'versions' ? T.versionsTab : T.activityTab}
            </button>
          ))}
        </div>
        {notice && (
          <div
            className={`cv-banner cv-banner-${notice.tone}`}
            role={notice.tone === 'error' ? 'alert' : 'status'}
          >
            {notice.text}
            {notice.copy && (
              <input className="cv-input vh-copied" readOnly value={notice.copy} aria-label="Copied text" />
            )}
          </div>
        )}
        <section
          id="vh-panel-versions"
          role="tabpanel"
          aria-labelledby="vh-tab-versions"
          hidden={tab !== 'versions'}
        >
          {versions.error && <Banner tone="error">{versions.error.message || T.versionsFailed}</Banner>}
          {versions.isPending && <p role="status">{T.loadingVersions}</p>}
          {unpublished.length > 0 && (
            <div className="vh-unpublished">
              <p>{onlyYouCanOpen(unpublished)}</p>
              <button
                type="button"
                className="cv-btn cv-btn-small"
                disabled={publishAll.isPending}
                onClick={() => publishAll.mutate({ params, body: { publishVersions: 'all' } })}
              >
                {PUBLISH_TEXTS.publishAll}
              </button>
            </div>
          )}
          {chosen && (
            <form
              className="vh-pick"
              onSubmit={(e) => {
                e.preventDefault();
                setComparing(chosen);
              }}
            >
              <label>
                {T.older}{' '}
                <select
                  className="cv-input"
                  value={chosen.older}
                  onChange={(e) => setPair({ ...chosen, older: Number(e.target.value) })}
                >
                  {versionOptions}
                </select>
              </label>
              <label>
                {T.newer}{' '}
                <select
                  className="cv-input"
                  value={chosen.newer}
                  onChange={(e) => setPair({ ...chosen, newer: Number(e.target.value) })}
                >
                  {versionOptions}
                </select>
              </label>
              <button type="submit" className="cv-btn cv-btn-small cv-btn-primary">
                {T.compare}
              </button>
            </form>
          )}
          {comparing && (
            <Suspense fallback={<p role="status">{T.comparing}</p>}>
              <HistoryCompare artifactId={artifact.id} older={comparing.older} newer={comparing.newer} />
            </Suspense>
          )}
          {versions.data && (
            <ol className="vh-list" aria-label="Versions">
              {list.map((v) => (
                <VersionItem
                  key={v.version}
                  v={v}
                  me={me}
                  unpublished={artifact.isPublic && !v.published}
                  previewing={previewing === v.version}
                  confirming={confirming === v.version}
                  restoring={restore.isPending}
                  onPreview={() => setPreviewing((p) => (p === v.version ? null : v.version))}
                  onAskRestore={() => setConfirming(v.version)}
                  onCancelRestore={() => setConfirming(null)}
                  onRestore={() =>
                    restore.mutate({
                      params: { id: artifact.id, version: String(v.version) },
                      body: { revision },
                    })
                  }
                  onCopy={(channel) => void copy(channel, v.version)}
                  preview={
                    <Suspense fallback={<p role="status">{T.loadingContent}</p>}>
                      <HistoryPreview artifact={artifact} version={v.version} />
                    </Suspense>
                  }
                />
              ))}
            </ol>
          )}
        </section>
        <section
          id="vh-panel-activity"
          role="tabpanel"
          aria-labelledby="vh-tab-activity"
          hidden={tab !== 'activity'}
        >
          {tab === 'activity' && <ActivityList artifactId={artifact.id} me={me} />}
        </section>
      </div>
    </Dialog>
  );
}
