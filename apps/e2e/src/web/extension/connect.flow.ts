import { ui } from '../../support/ui';
import { seedTrialUser } from '../artifact-life/accounts';
import { type ExtensionSuite } from './context';

/**
 * The connect page without the extension (#32): in a context of the same browser where it is not
 * loaded (a new browser context is off the record: extensions stay out unless allowed there), the
 * page finds no extension, says so with the way to install it, and creates no key — the vault
 * lists none for the user. (With the extension, handoff.flow connects end to end.)
 */
export function connectFlow(suite: () => ExtensionSuite): void {
  it('without the extension: “not installed”, a link to install it, and no key created', async () => {
    const { stack, ext } = suite();
    const user = await seedTrialUser(stack, 'ext-none');
    const browser = ext.context.browser();
    if (!browser) throw new Error('the extension context has no browser to open a plain context in');
    const plain = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await user.signIn(plain);
      await page.goto(`${stack.webUrl}/extension/connect`);
      await ui.contains(page.getByTestId('extension-status'), 'is not installed in this browser');
      const install = page.getByRole('link', { name: 'How to install the extension' });
      expect(await install.getAttribute('href')).toBe('/#features');
      expect(await page.getByRole('button', { name: 'Connect extension' }).count()).toBe(0);
      const tokens = await user.api('GET', '/api/v1/personal-tokens');
      expect(tokens.status).toBe(200);
      expect(tokens.body['tokens']).toEqual([]);
    } finally {
      await plain.close();
    }
  });
}
