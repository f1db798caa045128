import { type SaveResult } from '../shared/artifact';

/** One found artifact as the popup lists it. */
export interface DraftRow {
  key: string;
  title: string;
  type: string;
  kind: string;
}

export type RowState = { state: 'idle' } | { state: 'saving' } | { state: 'done'; result: SaveResult };

export interface PopupModel {
  phase: 'scanning' | 'error' | 'ready';
  error?: string;
  signedIn: boolean;
  email: string | null;
  drafts: DraftRow[];
  rows: Record<string, RowState>;
  /** The keys of the items waiting in the extension's queue for the vault tab. */
  queuedKeys: string[];
  notice?: { kind: 'info' | 'success' | 'warning' | 'error'; text: string };
  busy: boolean;
  /** The link whose "Copy link" was just used. */
  copied?: string;
}

export interface PopupActions {
  save(keys: string[]): void;
  sendToVault(): void;
  copy(url: string): void;
  connect(): void;
}

const KIND_LABELS: Record<string, string> = {
  artifact: 'Artifact',
  canvas: 'Canvas',
  'code-block': 'Code block',
  selection: 'Selection',
  page: 'Whole page',
};

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: { className?: string; text?: string; id?: string; attrs?: Record<string, string> } = {},
  children: (Node | null)[] = [],
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.id) node.id = props.id;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

function button(
  doc: Document,
  id: string,
  text: string,
  onClick: () => void,
  opts: { primary?: boolean; label?: string; disabled?: boolean } = {},
) {
  const b = el(doc, 'button', {
    id,
    text,
    className: opts.primary ? 'cv-btn cv-btn-primary' : 'cv-btn',
    attrs: { type: 'button' },
  });
  if (opts.label) b.setAttribute('aria-label', opts.label);
  b.disabled = Boolean(opts.disabled);
  b.addEventListener('click', onClick);
  return b;
}

function rowResult(
  doc: Document,
  row: DraftRow,
  state: RowState,
  model: PopupModel,
  actions: PopupActions,
): HTMLElement {
  const box = el(doc, 'div', { className: 'cv-row-result' });
  if (state.state === 'saving') box.textContent = 'Saving…';
  if (state.state !== 'done') return box;
  const r = state.result;
  if (r.status === 'saved') {
    box.append(
      el(doc, 'span', { className: 'cv-ok', text: 'Saved.' }),
      el(doc, 'a', {
        className: 'cv-btn',
        text: 'Open',
        attrs: {
          href: r.url,
          target: '_blank',
          rel: 'noopener',
          'aria-label': `Open ${row.title} in the vault`,
        },
      }),
      button(
        doc,
        `copy-${row.key}`,
        model.copied === r.url ? 'Copied!' : 'Copy link',
        () => actions.copy(r.url),
        {
          label: `Copy the link to ${row.title}`,
        },
      ),
    );
  } else {
    box.append(el(doc, 'span', { className: r.status === 'failed' ? 'cv-fail' : 'cv-wait', text: r.reason }));
    if (model.signedIn)
      box.append(
        button(doc, `retry-${row.key}`, 'Retry', () => actions.save([row.key]), {
          label: `Retry saving ${row.title}`,
          disabled: model.busy,
        }),
      );
  }
  return box;
}

/**
 * Draws the popup for the model (the whole body: the popup is small and redrawn on each change).
 * Nothing drawn here is a live region — a redraw would announce it again; popup.ts speaks
 * through the page's one lasting region (#live).
 */
export function renderPopup(root: HTMLElement, model: PopupModel, actions: PopupActions): void {
  const doc = root.ownerDocument;
  const focused = doc.activeElement?.id;
  const parts: Node[] = [];
  if (!model.signedIn)
    parts.push(
      el(doc, 'div', { className: 'cv-banner cv-banner-info', id: 'signed-out' }, [
        doc.createTextNode(
          'Not connected to your vault: artifacts go to the vault tab, where you are signed in. ',
        ),
        button(doc, 'connect', 'Connect', () => actions.connect()),
      ]),
    );
  else
    parts.push(
      el(doc, 'p', {
        className: 'cv-muted',
        id: 'account',
        text: `Saving as ${model.email ?? 'your account'}`,
      }),
    );

  if (model.phase === 'scanning')
    parts.push(el(doc, 'p', { id: 'phase', text: 'Looking for artifacts on this page…' }));
  else if (model.phase === 'error')
    parts.push(
      el(doc, 'p', {
        id: 'phase',
        className: 'cv-banner cv-banner-error',
        text: model.error ?? 'This page cannot be read.',
      }),
    );
  else if (model.drafts.length === 0)
    parts.push(el(doc, 'p', { id: 'phase', text: 'No artifacts found on this page.' }));
  else {
    const count = model.drafts.length;
    parts.push(
      el(doc, 'h2', { id: 'found', text: `Found ${count} ${count === 1 ? 'artifact' : 'artifacts'}` }),
    );
    const list = el(doc, 'ul', { className: 'cv-list', attrs: { 'aria-labelledby': 'found' } });
    for (const row of model.drafts) {
      const state = model.rows[row.key] ?? { state: 'idle' };
      list.append(
        el(doc, 'li', { className: 'cv-item cv-card', attrs: { 'data-key': row.key } }, [
          el(doc, 'div', { className: 'cv-item-head' }, [
            el(doc, 'strong', { className: 'cv-item-title', text: row.title }),
            model.signedIn && state.state !== 'done'
              ? button(doc, `save-${row.key}`, 'Save', () => actions.save([row.key]), {
                  label: `Save ${row.title}`,
                  disabled: model.busy || state.state === 'saving',
                })
              : null,
          ]),
          el(doc, 'div', { className: 'cv-item-meta' }, [
            el(doc, 'span', { className: 'cv-badge', text: row.type }),
            el(doc, 'span', { className: 'cv-badge cv-badge-kind', text: KIND_LABELS[row.kind] ?? row.kind }),
          ]),
          rowResult(doc, row, state, model, actions),
        ]),
      );
    }
    parts.push(list);
    const unsaved = model.drafts.filter((d) => {
      const s = model.rows[d.key];
      return !(s?.state === 'done' && s.result.status === 'saved');
    });
    if (model.signedIn && unsaved.length)
      parts.push(
        button(
          doc,
          'save-all',
          `Save all (${unsaved.length})`,
          () => actions.save(unsaved.map((d) => d.key)),
          {
            primary: true,
            disabled: model.busy,
          },
        ),
      );
  }

  // Signed out, what was found goes to the vault tab too; signed in, only what waits in the queue.
  // An item both found and waiting is sent once (the queue keeps one item per key).
  const queued = model.queuedKeys.length;
  const sendKeys = new Set(model.queuedKeys);
  if (!model.signedIn && model.phase === 'ready') for (const d of model.drafts) sendKeys.add(d.key);
  const sendCount = sendKeys.size;
  if (sendCount > 0)
    parts.push(
      el(doc, 'div', { className: 'cv-send', id: 'send' }, [
        queued
          ? el(doc, 'p', {
              className: 'cv-muted',
              text: `${queued} ${queued === 1 ? 'artifact is' : 'artifacts are'} waiting for the vault.`,
            })
          : null,
        button(doc, 'send-to-vault', `Send to vault (${sendCount})`, () => actions.sendToVault(), {
          primary: !model.signedIn,
          disabled: model.busy,
        }),
      ]),
    );
  if (model.notice)
    parts.push(
      el(doc, 'p', {
        id: 'notice',
        className: `cv-banner cv-banner-${model.notice.kind}`,
        text: model.notice.text,
      }),
    );
  root.replaceChildren(...parts);
  // A redraw replaces the buttons: keep the keyboard where it was.
  if (focused) doc.getElementById(focused)?.focus();
}
