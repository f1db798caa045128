import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { createQueryClient } from '../../../lib/query';
import { EditArtifactDialog, type EditArtifactDialogProps } from './EditArtifactDialog';

/**
 * The edit dialog wherever it opens: on the dashboard it shares the app pages' query cache (so a
 * save reloads the cards); the view page has no cache (TanStack Query stays out of its bundle),
 * so there the dialog brings a cache of its own.
 */
export function EditArtifactDialogWithCache(props: EditArtifactDialogProps) {
  const existing = useContext(QueryClientContext);
  const [own] = useState(() => (existing ? null : createQueryClient()));
  const dialog = <EditArtifactDialog {...props} />;
  return own ? <QueryClientProvider client={own}>{dialog}</QueryClientProvider> : dialog;
}
