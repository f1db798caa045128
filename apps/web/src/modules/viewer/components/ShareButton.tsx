import { useEffect, useState } from 'react';
import { copyText } from '../../../lib/clipboard';
import { COPIED_FEEDBACK_MS, VIEW_MESSAGES as M } from '../messages';

/** Copies the page address and confirms with '✓ Copied!' for 2 seconds. */
export function ShareButton() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <button type="button" onClick={() => void copyText(window.location.href).then(setCopied)}>
      {copied ? M.copied : 'Share'}
    </button>
  );
}
