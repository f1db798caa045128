import { JSDOM } from 'jsdom';
import { renderPopup, type PopupActions, type PopupModel } from './popup-view';

const drafts = [
  { key: 'k1', title: 'Pricing table', type: 'HTML', kind: 'artifact' },
  { key: 'k2', title: 'useTimer hook', type: 'TYPESCRIPT', kind: 'code-block' },
];
const base: PopupModel = {
  phase: 'ready',
  signedIn: true,
  email: 'ann@example.com',
  drafts,
  rows: {},
  queuedKeys: [],
  busy: false,
};

function draw(model: Partial<PopupModel>) {
  const { window } = new JSDOM('<main id="app"></main>');
  const root = window.document.getElementById('app');
  if (!root) throw new Error('no root');
  const calls: string[] = [];
  const actions: PopupActions = {
    save: (keys) => calls.push(`save:${keys.join(',')}`),
    sendToVault: () => calls.push('send'),
    copy: (url) => calls.push(`copy:${url}`),
    connect: () => calls.push('connect'),
  };
  renderPopup(root, { ...base, ...model }, actions);
  const click = (id: string) =>
    window.document.getElementById(id)?.dispatchEvent(new window.MouseEvent('click'));
  const text = (selector: string) => [...root.querySelectorAll(selector)].map((n) => n.textContent?.trim());
  return { root, calls, click, text };
}

describe('renderPopup', () => {
  it('lists what was found with title, type and kind; Save and Save all', () => {
    const p = draw({});
    expect(p.text('h2')).toEqual(['Found 2 artifacts']);
    expect(p.text('.cv-item-title')).toEqual(['Pricing table', 'useTimer hook']);
    expect(p.text('.cv-badge')).toEqual(['HTML', 'Artifact', 'TYPESCRIPT', 'Code block']);
    expect(p.root.querySelector('#save-k1')?.getAttribute('aria-label')).toBe('Save Pricing table');
    p.click('save-k1');
    p.click('save-all');
    expect(p.calls).toEqual(['save:k1', 'save:k1,k2']);
    expect(p.text('#save-all')).toEqual(['Save all (2)']);
  });

  it('shows each result: Open and Copy link when saved, the reason and Retry when not', () => {
    const url = 'https://vault.test/view/a1';
    const p = draw({
      rows: {
        k1: { state: 'done', result: { key: 'k1', status: 'saved', id: 'a1', url, title: 'Pricing table' } },
        k2: { state: 'done', result: { key: 'k2', status: 'failed', reason: 'Content is too large.' } },
      },
    });
    const first = p.root.querySelector('[data-key="k1"]');
    expect(first?.querySelector('a')?.getAttribute('href')).toBe(url);
    expect(first?.querySelector('a')?.textContent).toBe('Open');
    expect(first?.querySelector('#save-k1')).toBeNull();
    // A row with a result offers Retry, not Save as well.
    expect(p.root.querySelector('#save-k2')).toBeNull();
    p.click('copy-k1');
    p.click('retry-k2');
    expect(p.calls).toEqual([`copy:${url}`, 'save:k2']);
    expect(p.text('[data-key="k2"] .cv-fail')).toEqual(['Content is too large.']);
    expect(p.text('#save-all')).toEqual(['Save all (1)']);
  });

  it('signed out: no uploads, the found and waiting artifacts go to the vault tab', () => {
    const p = draw({ signedIn: false, email: null, queuedKeys: ['k1', 'older'] });
    expect(p.root.querySelector('#signed-out')).not.toBeNull();
    expect(p.root.querySelector('#save-k1')).toBeNull();
    expect(p.root.querySelector('#save-all')).toBeNull();
    expect(p.text('#send-to-vault')).toEqual(['Send to vault (3)']);
    p.click('send-to-vault');
    p.click('connect');
    expect(p.calls).toEqual(['send', 'connect']);
  });

  it('says when it is scanning, found nothing or cannot read the page', () => {
    expect(draw({ phase: 'scanning', drafts: [] }).text('#phase')).toEqual([
      'Looking for artifacts on this page…',
    ]);
    expect(draw({ drafts: [] }).text('#phase')).toEqual(['No artifacts found on this page.']);
    const error = draw({ phase: 'error', error: 'This page cannot be read by the extension (x).' });
    expect(error.root.querySelector('#phase')?.className).toBe('cv-banner cv-banner-error');
  });

  it('keeps the waiting queue visible when signed in', () => {
    expect(draw({ queuedKeys: ['a', 'b'] }).text('#send p')).toEqual([
      '2 artifacts are waiting for the vault.',
    ]);
  });
});
