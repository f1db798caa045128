// The toolbar popup: finds the artifacts of the tab (popup.html?tab=<id> targets a tab, else the
// active tab of this window), saves one or all with the key, or sends them to the vault tab.
import { captureFromTab, type CapturedDraft } from '../capture';
import { type SaveResult } from '../shared/artifact';
import { VAULT_ORIGIN } from '../shared/config';
import { toSaveItem } from '../shared/drafts';
import { type HandoffReply, type SaveReply, type StatusReply } from '../shared/messages';
import { ask, byId } from '../ui/dom';
import { renderPopup, type PopupActions, type PopupModel } from './popup-view';

async function targetTabId(): Promise<number | undefined> {
  const param = new URLSearchParams(window.location.search).get('tab');
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

async function main(): Promise<void> {
  const root = byId('app', HTMLElement);
  let model: PopupModel = {
    phase: 'scanning',
    signedIn: false,
    email: null,
    drafts: [],
    rows: {},
    queuedKeys: [],
    busy: false,
  };
  let drafts: CapturedDraft[] = [];
  const live = byId('live', HTMLElement);
  const update = (change: Partial<PopupModel>) => {
    model = { ...model, ...change };
    renderPopup(root, model, actions);
    const said = announcement(change, model);
    if (said) live.textContent = said;
  };
  const refreshStatus = async () => {
    const status = await ask<StatusReply>({ type: 'status' });
    update({ signedIn: status.signedIn, email: status.email, queuedKeys: status.queuedKeys });
    return status;
  };

  const actions: PopupActions = {
    save(keys) {
      const items = drafts.filter((d) => keys.includes(d.key)).map(toSaveItem);
      const rows = { ...model.rows };
      for (const key of keys) rows[key] = { state: 'saving' };
      update({ rows, busy: true, notice: undefined });
      void ask<SaveReply>({ type: 'save', items })
        .then(({ results }) => {
          const done = { ...model.rows };
          for (const result of results) done[result.key] = { state: 'done', result };
          update({ rows: done, busy: false, notice: summary(results) });
        })
        .catch((err: unknown) => update({ busy: false, notice: { kind: 'error', text: String(err) } }))
        .then(refreshStatus);
    },
    sendToVault() {
      // Signed out, the found artifacts go along; signed in, only what waits in the queue.
      const items = model.signedIn ? [] : drafts.map(toSaveItem);
      update({ busy: true, notice: { kind: 'info', text: 'Opening your vault…' } });
      void ask<HandoffReply>(items.length ? { type: 'handoff', items } : { type: 'send-queue' })
        .then((reply) =>
          update({
            busy: false,
            notice: reply.ok
              ? {
                  kind: 'success',
                  text: `Sent ${reply.sent} ${reply.sent === 1 ? 'artifact' : 'artifacts'} to the vault tab.`,
                }
              : { kind: 'error', text: reply.error },
          }),
        )
        .then(refreshStatus);
    },
    copy(url) {
      void navigator.clipboard.writeText(url).then(
        () => update({ copied: url }),
        () => update({ notice: { kind: 'error', text: `Copying was blocked. The link: ${url}` } }),
      );
    },
    connect() {
      void chrome.tabs.create({ url: `${VAULT_ORIGIN}/extension/connect` });
    },
  };

  byId('settings', HTMLButtonElement).addEventListener('click', () => void chrome.runtime.openOptionsPage());
  renderPopup(root, model, actions);
  const status = await refreshStatus();
  const tabId = await targetTabId();
  if (tabId === undefined) return update({ phase: 'error', error: 'There is no tab to save from.' });
  try {
    drafts = await captureFromTab(tabId, { kind: 'all' }, { includePageUrl: status.includePageUrl });
    update({
      phase: 'ready',
      drafts: drafts.map((d) => ({
        key: d.key,
        title: toSaveItem(d).artifact.title,
        type: d.type,
        kind: d.kind,
      })),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    update({ phase: 'error', error: `This page cannot be read by the extension (${reason}).` });
  }
}

/** What a screen reader hears after a change: the phase's outcome or the latest notice. */
function announcement(change: Partial<PopupModel>, model: PopupModel): string | null {
  if (change.notice) return change.notice.text;
  if (change.copied) return 'Link copied.';
  if (change.phase === 'error') return model.error ?? null;
  if (change.phase === 'ready') {
    const n = model.drafts.length;
    return n === 0 ? 'No artifacts found on this page.' : `Found ${n} ${n === 1 ? 'artifact' : 'artifacts'}.`;
  }
  return null;
}

function summary(results: SaveResult[]): PopupModel['notice'] {
  const saved = results.filter((r) => r.status === 'saved').length;
  const failed = results.length - saved;
  if (!failed) return { kind: 'success', text: `${saved} ${saved === 1 ? 'artifact' : 'artifacts'} saved.` };
  return { kind: 'warning', text: `${saved} saved, ${failed} not saved: see below.` };
}

void main();
