import { JSDOM } from 'jsdom';
import type { PageCapture, PageCaptureMode } from '../adapters';
import { CAPTURE_SCRIPT, CaptureError, captureFromTab } from './index';
import { installCapture } from './page';

interface Injection {
  target: { tabId: number; frameIds?: number[] };
  files?: string[];
  func?: (mode: PageCaptureMode) => PageCapture | null;
  args?: [PageCaptureMode];
}

/** chrome.scripting as the browser runs it: files install capture.js, func runs in that world. */
function fakeScripting(win: Window | null) {
  const calls: Injection[] = [];
  const executeScript = (injection: Injection) => {
    calls.push(injection);
    if (injection.files) {
      if (win) installCapture(globalThis, win);
      return Promise.resolve([]);
    }
    const result = injection.func && injection.args ? injection.func(...injection.args) : null;
    return Promise.resolve([{ frameId: 0, documentId: 'doc', result }]);
  };
  Object.defineProperty(globalThis, 'chrome', {
    value: { scripting: { executeScript } },
    configurable: true,
  });
  return calls;
}

const page = (html: string, url: string) => new JSDOM(html, { url }).window;

afterEach(() => {
  globalThis.__coreVaultCapture = undefined;
});

describe('captureFromTab', () => {
  it('injects capture.js, then runs it with the mode, and returns drafts', async () => {
    const win = page(
      '<title>Notes</title><pre><code class="language-markdown"># Shopping\n\n- eggs\n- flour and more flour</code></pre>',
      'https://notes.example.org/a',
    );
    const calls = fakeScripting(win);
    const drafts = await captureFromTab(7, { kind: 'all' }, { includePageUrl: true });
    expect(calls.map((c) => [c.target, c.files ?? c.args])).toEqual([
      [{ tabId: 7 }, [CAPTURE_SCRIPT]],
      [{ tabId: 7 }, [{ kind: 'all' }]],
    ]);
    expect(drafts.map((d) => [d.kind, d.type, d.title, d.metadata.source.url])).toEqual([
      ['code-block', 'MARKDOWN', 'Shopping', 'https://notes.example.org/a'],
      ['page', 'HTML', 'Notes', 'https://notes.example.org/a'],
    ]);
  });

  it('context menu: targets the frame it was opened in and passes the selection', async () => {
    const win = page('<title>T</title><p>Some selected words here</p>', 'https://example.org/');
    const calls = fakeScripting(win);
    const drafts = await captureFromTab(
      3,
      { kind: 'context', selectionText: 'Some selected words', frameId: 5 },
      { includePageUrl: false },
    );
    expect(calls[1]?.target).toEqual({ tabId: 3, frameIds: [5] });
    expect(calls[1]?.args).toEqual([{ kind: 'context', selectionText: 'Some selected words' }]);
    expect(drafts).toEqual([expect.objectContaining({ kind: 'selection', content: 'Some selected words' })]);
    expect(drafts[0]?.metadata.source).not.toHaveProperty('url');
  });

  it('a frame where capture.js did not run is a clear error, not an empty page', async () => {
    fakeScripting(null);
    await expect(captureFromTab(1, { kind: 'all' }, { includePageUrl: false })).rejects.toThrow(
      new CaptureError('Could not read this page.'),
    );
  });
});
