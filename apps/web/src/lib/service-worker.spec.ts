import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SHARE_TARGET_SCOPE, SHARE_TARGET_WORKER, registerShareTarget } from './service-worker';

const pub = (file: string) => readFileSync(resolve(__dirname, '../../public', file), 'utf8');

describe('the share-target worker', () => {
  it('registers after the page loaded, scoped to /share-target/ alone', () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    const nav = { serviceWorker: { register } } as unknown as Navigator;
    const listeners: (() => void)[] = [];
    const win = {
      document: { readyState: 'loading' },
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
    } as unknown as Window;
    registerShareTarget(nav, win);
    expect(register).not.toHaveBeenCalled();
    listeners.forEach((fn) => fn());
    expect(register).toHaveBeenCalledWith(SHARE_TARGET_WORKER, { scope: SHARE_TARGET_SCOPE });
  });

  it('does nothing without service workers', () => {
    expect(() => registerShareTarget({} as Navigator, window)).not.toThrow();
  });

  it("is the manifest's share target: the action the worker answers, within the worker's scope", () => {
    const manifest = JSON.parse(pub('manifest.webmanifest')) as {
      share_target: { action: string; method: string; enctype: string; params: Record<string, unknown> };
    };
    expect(manifest.share_target).toMatchObject({
      action: SHARE_TARGET_SCOPE,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        title: 'title',
        text: 'text',
        url: 'url',
        files: [expect.objectContaining({ name: 'file' })],
      },
    });
    const worker = pub(SHARE_TARGET_WORKER.slice(1));
    expect(worker).toContain(`url.pathname !== '${SHARE_TARGET_SCOPE}'`);
    // Nothing but the share: no cache of pages or API answers.
    expect(worker).not.toMatch(/caches\.match\(|respondWith\(fetch|cache\.addAll/);
  });
});
