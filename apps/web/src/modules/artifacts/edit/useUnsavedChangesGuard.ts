import { useCallback, useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { EDIT_MESSAGES } from './edit-form';

/**
 * While the form holds unsaved edits: the browser asks before the tab closes or reloads, an in-app
 * navigation (a link, Back) asks first, and `confirmDiscard` asks before the dialog closes.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(EDIT_MESSAGES.unsaved)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  return useCallback(() => !dirty || window.confirm(EDIT_MESSAGES.unsaved), [dirty]);
}
