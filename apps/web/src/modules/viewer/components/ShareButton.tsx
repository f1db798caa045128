import { useEffect, useState } from 'react';
import { COPIED_FEEDBACK_MS, VIEW_MESSAGES as M } from '../messages';

/** Clipboard API first; where it is blocked, a hidden textarea and execCommand('copy'). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

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
