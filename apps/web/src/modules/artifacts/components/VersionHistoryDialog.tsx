import { type ArtifactSummary } from '@core-vault/contracts';
import { Suspense, lazy } from 'react';

export interface VersionHistoryDialogProps {
  artifact: ArtifactSummary;
  onClose: () => void;
  onRestored: (a: ArtifactSummary) => void;
}

// The History view (versions, activity, and through it the diff and the preview frame) is
// fetched when the owner opens it: the pages that import the artifacts module (the dashboard,
// the view page's owner actions) download only this wrapper.
const HistoryDialog = /* @__PURE__ */ lazy(() =>
  import('./history/HistoryDialog').then((m) => ({ default: m.HistoryDialog })),
);

/** Every version of one artifact and its activity; see history/HistoryDialog.tsx. */
export function VersionHistoryDialog(props: VersionHistoryDialogProps) {
  return (
    <Suspense fallback={null}>
      <HistoryDialog {...props} />
    </Suspense>
  );
}
