/**
 * Browser tests of artifact rendering in headless Chromium (playwright-core): every type, the
 * React libraries, every demo, embeds and oEmbed, the isolation headers, and a security suite of
 * 100+ hostile artifacts. One stack for all (building the SPA and the renderer assets once):
 * stub gateway (the artifacts service's public read is not available yet), usercontent on
 * http://localhost:{port}, the viewer SPA on http://127.0.0.1:{port} via `vite preview`.
 */
import { demosSuite } from './demos.suite';
import { embedSuite } from './embed.suite';
import { FIXTURES } from './fixtures';
import { headersSuite } from './headers.suite';
import { isolationSuite } from './isolation.suite';
import { networkSuite } from './network.suite';
import { reactShadcnSuite } from './react-shadcn.suite';
import { renderingSuite } from './rendering.suite';
import { securitySuite } from './security.suite';
import { sizingSuite } from './sizing.suite';
import { type RendererStack, startRendererStack } from './stack';

let stack: RendererStack | undefined;
const current = (): RendererStack => {
  if (!stack) throw new Error('renderer stack not started');
  return stack;
};

beforeAll(async () => {
  stack = await startRendererStack();
  stack.gateway.add(...FIXTURES);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

describe('isolation headers', () => headersSuite(current));
describe('rendering', () => renderingSuite(current));
describe('React as Claude runs it', () => reactShadcnSuite(current));
describe('demo catalogue', () => demosSuite(current));
describe('embeds', () => embedSuite(current));
describe('security: hostile artifacts', () => securitySuite(current));
describe('frame sizing', () => sizingSuite(current));
describe('network', () => networkSuite(current));
describe('one origin per artifact', () => isolationSuite(current));
