/**
 * The browser extension (#19) in headless Chromium against one real stack: the extension built
 * for the stack's web origin (its vault) and loaded into one persistent profile, the assistant
 * sites served from the adapters' fixture pages at their real addresses (claude.ai, chatgpt.com)
 * plus a generic page, and artifacts saved through the popup and the context-menu path — with a
 * personal access token, and signed out through the dashboard hand-off — then found in the vault
 * through the API; the vault's connect page handing the extension its key (never on the page's
 * window), and without the extension creating none. One stack and one profile for every flow;
 * each flow is a file in ./extension/ with users of its own.
 */
import { join } from 'node:path';
import { type Stack, startStack } from '../support/stack';
import { connectFlow } from './extension/connect.flow';
import { type ExtensionSuite } from './extension/context';
import { type ExtensionBrowser, buildExtension, launchWithExtension } from './extension/harness';
import { handoffFlow } from './extension/handoff.flow';
import { permissionsFlow } from './extension/permissions.flow';
import { retryFlow } from './extension/retry.flow';
import { serveSites } from './extension/sites';
import { tokenFlow } from './extension/token.flow';
import { tapUploads } from './extension/uploads';

jest.setTimeout(120_000);

let stack: Stack | undefined;
let ext: ExtensionBrowser | undefined;
let shared: ExtensionSuite | undefined;
const suite = (): ExtensionSuite => {
  if (!shared) throw new Error('extension suite not started');
  return shared;
};

beforeAll(async () => {
  stack = await startStack();
  const webUrl = stack.webUrl;
  ext = await launchWithExtension(buildExtension(webUrl, join(stack.logDir, 'extension')));
  // The onboarding tour would cover the dashboard the hand-off lands on.
  await ext.context.addInitScript((origin) => {
    if (location.origin === origin) window.localStorage.setItem('cv.onboarding-completed', 'true');
  }, webUrl);
  shared = {
    stack,
    ext,
    sites: await serveSites(ext.context),
    uploads: await tapUploads(ext.context, webUrl),
  };
}, 600_000);

afterAll(async () => {
  await ext?.close();
  await stack?.stop();
}, 60_000);

describe('what the extension may touch', () => permissionsFlow(suite));
describe('signed out: the hand-off to the dashboard', () => handoffFlow(suite));
describe('with a personal access token', () => tokenFlow(suite));
describe('a failed upload is kept and retried', () => retryFlow(suite));
describe('the connect page without the extension', () => connectFlow(suite));
