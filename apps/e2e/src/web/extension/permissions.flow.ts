import { type ExtensionSuite } from './context';
import { tabIdOf, triggerAction } from './harness';
import { genericPage } from './sites';

/**
 * The smallest permissions at work: the assistant sites are the extension's hosts, so it can
 * script them at once; any other page only after the user pressed the toolbar button (activeTab).
 */
export function permissionsFlow(suite: () => ExtensionSuite): void {
  it('scripts claude.ai and chatgpt.com at once, another page only after the toolbar button', async () => {
    const { sites, ext } = suite();
    const claude = await sites.open(sites.fresh('claude.ai'), genericPage('A chat'));
    const generic = await sites.open(sites.fresh('example.org'), genericPage('Quarterly notes'));
    const title = async (tabId: number) =>
      (await ext.worker()).evaluate(async (id) => {
        try {
          const [frame] = await chrome.scripting.executeScript({
            target: { tabId: id },
            func: () => document.title,
          });
          return String(frame?.result);
        } catch (err) {
          return `refused: ${err instanceof Error ? err.message : String(err)}`;
        }
      }, tabId);

    expect(await title(await tabIdOf(ext, claude))).toBe(await claude.title());
    // Not a host of the extension: the tab's address is hidden from it until the button is pressed.
    const hidden = await (
      await ext.worker()
    ).evaluate(async (u) => (await chrome.tabs.query({})).some((t) => t.url === u), generic.url());
    expect(hidden).toBe(false);

    await triggerAction(ext, generic);
    expect(await title(await tabIdOf(ext, generic))).toBe('Quarterly notes');
    await Promise.all([claude.close(), generic.close()]);
  });
}
