/**
 * Life after upload (#18) in headless Chromium against one real stack: editing with conflicts
 * between tabs, versions with diffs, restores and pinned links, the share page's tags and preview
 * images as crawlers fetch them, versions saved while private staying private when it is published,
 * the public page's layout stability, views counted without
 * cookies (embeds on another site, /view without consent), and reuse from the public page (view
 * source, download, save a copy). One stack and one
 * browser for every flow (the stack start and SPA build dominate a browser suite's cost); each
 * flow is its own file in ./artifact-life/ and makes its own users.
 */
import { type Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { type Stack, startStack } from '../support/stack';
import { type LifeContext } from './artifact-life/context';
import { editingFlow } from './artifact-life/editing.flow';
import { historyFlow } from './artifact-life/history.flow';
import { publishedVersionsFlow } from './artifact-life/published-versions.flow';
import { reuseFlow } from './artifact-life/reuse.flow';
import { searchListsFlow } from './artifact-life/search-lists.flow';
import { shareLinksFlow } from './artifact-life/share-links.flow';
import { viewCountingFlow } from './artifact-life/view-counting.flow';
import { viewStabilityFlow } from './artifact-life/view-stability.flow';

jest.setTimeout(120_000);

let stack: Stack | undefined;
let browser: Browser | undefined;
const life = (): LifeContext => {
  if (!stack || !browser) throw new Error('artifact-life stack not started');
  return { stack, browser };
};

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe('editing an artifact', () => editingFlow(life));
describe('versions, diffs, restores and pinned links', () => historyFlow(life));
describe('links that look right where they are pasted', () => shareLinksFlow(life));
describe('versions saved while private stay private when published', () => publishedVersionsFlow(life));
describe('a steady public page', () => viewStabilityFlow(life));
describe('views counted without cookies', () => viewCountingFlow(life));
describe('long lists and search with filters', () => searchListsFlow(life));
describe('reuse from the public page: source, download, save a copy', () => reuseFlow(life));
