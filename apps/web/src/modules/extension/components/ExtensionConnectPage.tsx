import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { createPersonalTokenRoute } from '@core-vault/contracts';
import { Banner } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { copyText } from '../../../lib/clipboard';
import { useApiMutation } from '../../../lib/query';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useSession } from '../../auth';
import { EXTENSION_TOKEN_REQUEST, extensionVersion, sendTokenToExtension } from '../connect-protocol';

export const CONNECT_TEXTS = {
  title: 'Connect the Core Vault browser extension',
  explain:
    'Connecting creates a personal access token named “Browser extension” and hands it to the extension. It can read your artifacts and save new ones (artifacts:read, artifacts:write), nothing else, for 365 days. You can revoke it at any time under Account Settings → Personal access tokens.',
  installed: (version: string) => `The Core Vault extension ${version} is installed in this browser.`,
  notInstalled:
    'The Core Vault extension was not found in this browser. Install it first, or connect anyway and paste the key in its settings.',
  connect: 'Connect extension',
  connecting: 'Connecting...',
  connected: 'Connected. You can close this tab.',
  refused: (reason: string) => `The extension could not use the key${reason ? `: ${reason}` : '.'}`,
  fallback: "Paste it in the extension's settings. You won't be able to see it again.",
  copy: 'Copy',
  copied: 'Copied!',
  account: 'Account Settings',
  dashboard: 'Back to Dashboard',
  tokenLabel: 'Personal access token',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

type Step =
  | { kind: 'idle' }
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'manual'; token: string; refused?: string }
  | { kind: 'error'; text: string };

/**
 * /extension/connect (contract #19 §4): one click creates the extension's key and posts it to
 * the extension's content script on this page; without its answer within 3 s the key is shown
 * once to paste by hand.
 */
export function ExtensionConnectPage() {
  useDocumentMeta({ title: 'Connect the browser extension', robots: 'noindex, nofollow' });
  const { user } = useSession();
  const version = useExtensionVersion();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const create = useApiMutation(createPersonalTokenRoute);

  const connect = async () => {
    setStep({ kind: 'connecting' });
    try {
      const { token } = await create.mutateAsync({ body: EXTENSION_TOKEN_REQUEST });
      const answer = await sendTokenToExtension(window, { token, email: user?.email ?? '' });
      if (answer.kind === 'received') setStep({ kind: 'connected' });
      else
        setStep({ kind: 'manual', token, ...(answer.kind === 'refused' ? { refused: answer.error } : {}) });
    } catch (err) {
      setStep({ kind: 'error', text: messageOf(err, CONNECT_TEXTS.unexpected) });
    }
  };

  return (
    <main className="cv-page">
      <section className="cv-card">
        <h1>{CONNECT_TEXTS.title}</h1>
        <p>{CONNECT_TEXTS.explain}</p>
        <p data-testid="extension-status">
          {version ? CONNECT_TEXTS.installed(version) : CONNECT_TEXTS.notInstalled}
        </p>
        {step.kind === 'connected' ? (
          <Banner tone="success">{CONNECT_TEXTS.connected}</Banner>
        ) : step.kind === 'manual' ? (
          <ManualToken token={step.token} refused={step.refused} />
        ) : (
          <button
            type="button"
            className="cv-btn cv-btn-primary"
            disabled={step.kind === 'connecting'}
            onClick={() => void connect()}
          >
            {step.kind === 'connecting' ? CONNECT_TEXTS.connecting : CONNECT_TEXTS.connect}
          </button>
        )}
        {step.kind === 'error' && <Banner tone="error">{step.text}</Banner>}
        <p>
          <Link to="/dashboard">{CONNECT_TEXTS.dashboard}</Link> ·{' '}
          <Link to="/account">{CONNECT_TEXTS.account}</Link>
        </p>
      </section>
    </main>
  );
}

/** The extension did not take the key: it is on screen this once, to paste in the extension. */
function ManualToken({ token, refused }: { token: string; refused?: string | undefined }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="cv-banner cv-banner-info" role="status" data-testid="connect-token">
      {refused !== undefined && <p>{CONNECT_TEXTS.refused(refused)}</p>}
      <p>{CONNECT_TEXTS.fallback}</p>
      <input
        className="cv-input"
        readOnly
        value={token}
        aria-label={CONNECT_TEXTS.tokenLabel}
        onFocus={(e) => e.target.select()}
      />
      <button
        type="button"
        className="cv-btn cv-btn-small"
        onClick={() => void copyText(token).then(setCopied)}
      >
        {copied ? CONNECT_TEXTS.copied : CONNECT_TEXTS.copy}
      </button>
    </div>
  );
}

/** Calls `onChange` whenever the extension's content script (re)marks the page. */
function watchExtensionMark(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-cv-extension'] });
  return () => observer.disconnect();
}

/**
 * The extension's content script may mark the page after this chunk ran. An external store, not
 * state plus an effect: React reads the mark again once it watches, so a mark made between the
 * first render and the observer's start is not missed (it was, on a loaded machine).
 */
function useExtensionVersion(): string | null {
  return useSyncExternalStore(watchExtensionMark, () => extensionVersion());
}
