import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type Artifact } from '@core-vault/contracts';
import { Banner, Spinner } from '../../../components/ui';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useArtifactList } from '../../artifacts';
import { useSession } from '../../auth';
import { OnboardingChecklist, OnboardingTour, useTour } from '../../onboarding';
import { UploadForm } from '../../upload';
import { rangeInverted } from '../dashboard-params';
import { useBulkSelection } from '../hooks/useBulkSelection';
import { useCollections } from '../hooks/useCollections';
import { useDashboardParams } from '../hooks/useDashboardParams';
import { useExtensionHandoff } from '../hooks/useExtensionHandoff';
import { HANDOFF_TEXTS } from '../pending-uploads-texts';
import { ArtifactsTab } from './ArtifactsTab';
import { DashboardHeader } from './DashboardHeader';
import { ExtensionHandoff } from './ExtensionHandoff';
import { HelpModal } from './HelpModal';
import { TRASH_TEXTS } from '../api/trash';
import { TrashView } from './TrashView';
import { type ToastState, UndoToast } from './UndoToast';
import './dashboard.css';

/** The success banner after an upload stays this long (spec §9). */
export const SUCCESS_BANNER_MS = 5000;

type Tab = 'list' | 'upload' | 'trash';

export function DashboardPage() {
  useDocumentMeta({ title: 'Dashboard', robots: 'noindex, nofollow' });
  const { user } = useSession();
  const location = useLocation();
  const uploadedTitle = (location.state as { uploaded?: string } | null)?.uploaded;
  const [tab, setTab] = useState<Tab>('list');
  const address = useDashboardParams();
  const { sort, q: query, collection: collectionId, filters } = address.params;
  const [banner, setBanner] = useState<string | null>(
    uploadedTitle ? `“${uploadedTitle}” was uploaded.` : null,
  );
  const [help, setHelp] = useState(false);
  const tour = useTour();
  // A start date after the end date is refused by the server: the search runs without the dates
  // while the search bar says what is wrong with them.
  const { from: _from, to: _to, ...undated } = filters;
  const list = useArtifactList({
    sort,
    ...(query ? { query, filters: rangeInverted(filters) ? undated : filters } : {}),
    ...(collectionId ? { collectionId } : {}),
  });
  const { collections, reload: reloadCollections } = useCollections();
  const [toast, setToast] = useState<ToastState | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const { reload: reloadList } = list;
  const changed = useCallback(() => {
    reloadList();
    reloadCollections();
  }, [reloadList, reloadCollections]);
  const selection = useBulkSelection({ onChanged: changed, setToast });

  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(t);
  }, [banner]);

  const added = (artifacts: Artifact[], message: string) => {
    setTab('list');
    if (!query && !collectionId) list.prepend(artifacts);
    else list.reload();
    setBanner(message);
  };

  const handoff = useExtensionHandoff({
    onStart: () => setTab('upload'),
    onDone: (created) => added(created, HANDOFF_TEXTS.saved(created.length)),
  });

  if (!user) return <Spinner />;

  return (
    <div className="db">
      <DashboardHeader user={user} onTour={tour.start} />
      <main className="cv-page">
        {banner && <Banner tone="success">{banner}</Banner>}
        <ExtensionHandoff state={handoff} />
        <OnboardingChecklist
          isAdmin={Boolean(user.isAdmin)}
          onShowArtifacts={() => {
            setTab('list');
            document.getElementById('tab-list')?.focus();
          }}
        />
        <div role="tablist" aria-label="Dashboard" className="db-tabs">
          <button
            id="tab-list"
            type="button"
            role="tab"
            aria-selected={tab === 'list'}
            aria-controls="panel-list"
            className="db-tab"
            onClick={() => setTab('list')}
          >
            My Artifacts ({list.total})
          </button>
          <button
            id="tab-upload"
            type="button"
            role="tab"
            aria-selected={tab === 'upload'}
            aria-controls="panel-upload"
            className="db-tab"
            onClick={() => setTab('upload')}
          >
            Upload New
          </button>
          <button
            id="tab-trash"
            type="button"
            role="tab"
            aria-selected={tab === 'trash'}
            aria-controls="panel-trash"
            className="db-tab"
            onClick={() => setTab('trash')}
          >
            {TRASH_TEXTS.tab}
          </button>
        </div>
        <section id="panel-list" role="tabpanel" aria-labelledby="tab-list" hidden={tab !== 'list'}>
          <ArtifactsTab
            list={list}
            address={address}
            collections={collections}
            onCollectionsChanged={reloadCollections}
            selection={selection}
          />
        </section>
        <section id="panel-trash" role="tabpanel" aria-labelledby="tab-trash" hidden={tab !== 'trash'}>
          {tab === 'trash' && <TrashView onRestored={changed} />}
        </section>
        <section id="panel-upload" role="tabpanel" aria-labelledby="tab-upload" hidden={tab !== 'upload'}>
          <UploadForm onUploaded={(a) => added([a], `“${a.title}” was uploaded.`)} />
        </section>
      </main>
      <footer className="cv-page db-footer">
        <button id="help-button" type="button" className="cv-btn" onClick={() => setHelp(true)}>
          Help
        </button>
      </footer>
      <UndoToast toast={toast} onClose={closeToast} />
      {help && <HelpModal onClose={() => setHelp(false)} />}
      {tour.shown && <OnboardingTour onClose={tour.close} />}
    </div>
  );
}
