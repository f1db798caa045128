import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { createPersonalTokenRoute } from '@core-vault/contracts';
import { Banner } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { copyText } from '../../../lib/clipboard';
import { useApiMutation } from '../../../lib/query';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import {
  type Detection,
  EXTENSION_INSTALL_URL,
  EXTENSION_TOKEN_REQUEST,
  sendKeyToExtension,
  watchExtension,
} from '../connect-protocol';

export const CONNECT_TEXTS = {
  title: 'Connect the Core Vault browser extension',
  explain:
    'Connecting creates a personal access token named “Browser extension” and hands it to the extension. It can read your artifacts and save new ones (artifacts:read, artifacts:write), nothing else, for 365 days. You can revoke it at any time under Account Settings → Personal access tokens.',
  checking: 'Looking for the Core Vault extension in this browser…',
  installed: (version: string) => `The Core Vault extension ${version} is installed in this browser.`,
  notInstalled:
    'The Core Vault extension is not installed in this browser, or it is turned off. Install it, then check again: no key is created without it.',
  unreachable:
    'The Core Vault extension is installed but does not take a key from this page (it was built for another vault address). No key was created.',
  conflict:
    'More than one extension or script on this page answered as the Core Vault extension, so no key is handed over. Turn the others off on this site, then check again.',
  install: 'How to install the extension',
  checkAgain: 'Check again',
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

const STATUS: Record<Exclude<Detection['kind'], 'found'>, string> = {
  checking: CONNECT_TEXTS.checking,
  missing: CONNECT_TEXTS.notInstalled,
  unreachable: CONNECT_TEXTS.unreachable,
  conflict: CONNECT_TEXTS.conflict,
};

/**
 * /extension/connect (contract #19 §4, #32): the page first asks whether the extension is here;
 * only then, and only on the user's click, does it create the extension's key and hand it to the
 * extension over the channel the extension announced — never posted to the window. Without an
 * extension nothing is created. Without the extension's answer within 10 s (or refused) the key
 * is shown once to paste by hand.
 */
export function ExtensionConnectPage() {
  useDocumentMeta({ title: 'Connect the browser extension', robots: 'noindex, nofollow' });
  const { detection, checkAgain } = useExtensionDetection();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const create = useApiMutation(createPersonalTokenRoute);

  const connect = async (found: Extract<Detection, { kind: 'found' }>) => {
    setStep({ kind: 'connecting' });
    try {
      const { token } = await create.mutateAsync({ body: EXTENSION_TOKEN_REQUEST });
      const answer = await sendKeyToExtension(window, found.channel, token);
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
          {detection.kind === 'found' ? CONNECT_TEXTS.installed(detection.version) : STATUS[detection.kind]}
        </p>
        {step.kind === 'connected' ? (
          <Banner tone="success">{CONNECT_TEXTS.connected}</Banner>
        ) : step.kind === 'manual' ? (
          <ManualToken token={step.token} refused={step.refused} />
        ) : detection.kind === 'found' ? (
          <button
            type="button"
            className="cv-btn cv-btn-primary"
            disabled={step.kind === 'connecting'}
            onClick={() => void connect(detection)}
          >
            {step.kind === 'connecting' ? CONNECT_TEXTS.connecting : CONNECT_TEXTS.connect}
          </button>
        ) : detection.kind === 'checking' ? null : (
          <p className="cv-row" data-testid="extension-missing">
            {detection.kind === 'missing' && <Link to={EXTENSION_INSTALL_URL}>{CONNECT_TEXTS.install}</Link>}
            <button type="button" className="cv-btn cv-btn-small" onClick={checkAgain}>
              {CONNECT_TEXTS.checkAgain}
            </button>
          </p>
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

/**
 * Whether the extension is here (libs/contracts extension/connect.ts): the page asks once on
 * mount and again on "Check again"; the watch stays on while the page is open, so a second
 * answer to the same ask still turns into a conflict before the user clicks.
 */
function useExtensionDetection(): { detection: Detection; checkAgain: () => void } {
  const [round, setRound] = useState(0);
  const [detection, setDetection] = useState<Detection>({ kind: 'checking' });
  useEffect(() => {
    setDetection({ kind: 'checking' });
    return watchExtension(window, setDetection);
  }, [round]);
  return { detection, checkAgain: () => setRound((r) => r + 1) };
}
