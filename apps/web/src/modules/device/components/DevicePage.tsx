import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type DeviceRequest, normalizeUserCode } from '@core-vault/contracts';
import { Banner, Field } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useApproveDevice, useDenyDevice, useDeviceLookup } from '../api/device-api';
import { DEVICE_TEXTS as T } from '../device-texts';

type Step =
  | { kind: 'enter' }
  | { kind: 'confirm'; request: DeviceRequest }
  | { kind: 'done'; tone: 'success' | 'info'; text: string };

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * /device (signed-in; `corevault login`, RFC 8628): the person types the code their terminal
 * shows — or arrives with it in the address from the CLI (`?code=`) — sees what is asking (the
 * client, the computer's name, the scopes, the key it will get) and approves or denies. Unknown,
 * mistyped, expired or already answered codes get the vault's own message; guesses are counted
 * per session and address at the gateway.
 */
export function DevicePage() {
  useDocumentMeta({ title: T.title, robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const [typed, setTyped] = useState(params.get('code') ?? '');
  const [step, setStep] = useState<Step>({ kind: 'enter' });
  const [error, setError] = useState<string | null>(null);
  const lookup = useDeviceLookup();
  const approve = useApproveDevice();
  const deny = useDenyDevice();

  const check = async (code: string) => {
    setError(null);
    if (!code.trim()) return setError(T.codeRequired);
    try {
      const request = await lookup.mutateAsync({ body: { userCode: code } });
      setStep({ kind: 'confirm', request });
    } catch (err) {
      setError(messageOf(err, T.unexpected));
    }
  };

  // Arrived from the CLI with the code in the address: show what is asking at once (approving
  // still takes a click).
  const fromAddress = useRef(params.get('code'));
  useEffect(() => {
    const code = fromAddress.current;
    fromAddress.current = null;
    if (code && normalizeUserCode(code)) void check(code);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const answer = async (request: DeviceRequest, decision: 'approve' | 'deny') => {
    setError(null);
    try {
      const mutation = decision === 'approve' ? approve : deny;
      const { message } = await mutation.mutateAsync({ body: { userCode: request.userCode } });
      setStep({ kind: 'done', tone: decision === 'approve' ? 'success' : 'info', text: message });
    } catch (err) {
      setError(messageOf(err, T.unexpected));
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void check(typed);
  };

  return (
    <main className="cv-page">
      <section className="cv-card">
        <h1>{T.title}</h1>
        {step.kind === 'enter' && (
          <form onSubmit={onSubmit} noValidate>
            <p>{T.intro}</p>
            <Field id="device-code" label={T.codeLabel} hint={T.codeHint}>
              <input
                className="cv-input"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={32}
              />
            </Field>
            <button type="submit" className="cv-btn cv-btn-primary" disabled={lookup.isPending}>
              {lookup.isPending ? T.checking : T.next}
            </button>
          </form>
        )}
        {step.kind === 'confirm' && (
          <Confirm
            request={step.request}
            busy={approve.isPending || deny.isPending}
            approving={approve.isPending}
            denying={deny.isPending}
            onAnswer={(decision) => void answer(step.request, decision)}
            onOther={() => {
              setError(null);
              setTyped('');
              setStep({ kind: 'enter' });
            }}
          />
        )}
        {step.kind === 'done' && (
          <>
            <Banner tone={step.tone}>{step.text}</Banner>
            {step.tone === 'success' && <p>{T.revoke}</p>}
          </>
        )}
        {error && <Banner tone="error">{error}</Banner>}
        <p>
          <Link to="/dashboard">{T.dashboard}</Link> · <Link to="/account">{T.account}</Link>
        </p>
      </section>
    </main>
  );
}

function Confirm({
  request,
  busy,
  approving,
  denying,
  onAnswer,
  onOther,
}: {
  request: DeviceRequest;
  busy: boolean;
  approving: boolean;
  denying: boolean;
  onAnswer: (decision: 'approve' | 'deny') => void;
  onOther: () => void;
}) {
  return (
    <div data-testid="device-request">
      <h2>{T.asking(request.clientName)}</h2>
      <dl>
        <dt>{T.codeLabel}</dt>
        <dd>
          <code>{request.userCode}</code>
        </dd>
        <dt>{T.host}</dt>
        <dd>{request.hostname ?? T.unknownHost}</dd>
        <dt>{T.scopes}</dt>
        <dd>
          <ul>
            {request.scopes.map((scope) => (
              <li key={scope}>
                {T.scopeHelp[scope] ?? scope} (<code>{scope}</code>)
              </li>
            ))}
          </ul>
        </dd>
        <dt>{T.tokenName}</dt>
        <dd>{request.tokenName}</dd>
      </dl>
      <p>{T.expires(timeOf(request.expiresAt))}</p>
      <p className="cv-row">
        <button
          type="button"
          className="cv-btn cv-btn-primary"
          disabled={busy}
          onClick={() => onAnswer('approve')}
        >
          {approving ? T.approving : T.approve}
        </button>
        <button type="button" className="cv-btn" disabled={busy} onClick={() => onAnswer('deny')}>
          {denying ? T.denying : T.deny}
        </button>
        <button type="button" className="cv-btn cv-btn-small" disabled={busy} onClick={onOther}>
          {T.otherCode}
        </button>
      </p>
    </div>
  );
}
