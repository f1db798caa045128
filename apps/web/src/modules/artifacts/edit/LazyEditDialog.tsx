import { Suspense, lazy } from 'react';
import { type EditArtifactDialogProps } from './EditArtifactDialog';

// The dialog (form, preview, collections) is fetched when the owner asks to edit, not before:
// the view page and the dashboard download only this button's code.
const Dialog = lazy(() =>
  import('./EditArtifactDialogWithCache').then((m) => ({ default: m.EditArtifactDialogWithCache })),
);

export function LazyEditDialog(props: EditArtifactDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
