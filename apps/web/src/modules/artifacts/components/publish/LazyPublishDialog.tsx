import { Suspense, lazy } from 'react';
import { type PublishDialogProps } from './PublishDialog';

// Fetched when the owner makes an artifact with earlier versions public: the dashboard downloads
// only the button's code.
const Dialog = lazy(() => import('./PublishDialog').then((m) => ({ default: m.PublishDialog })));

export function LazyPublishDialog(props: PublishDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
