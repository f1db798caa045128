/**
 * The upload preview (what create would store, nothing stored) and the owner's network setting,
 * against the real service and database.
 */
import { uniqueSuffix } from '@core-vault/platform/testing';
import { artifactInput, type client, tokenFor, useArtifactsApp } from '../testing';

const s = uniqueSuffix();
const alice = tokenFor(`alice-${s}`);
const bob = tokenFor(`bob-${s}`);
const free = tokenFor(`free-${s}`, { plan: 'Free', sts: 'NO_SUBSCRIPTION' });

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

const count = () => ctx.db.collection('artifacts').countDocuments();

describe('POST /api/v1/artifacts/preview', () => {
  const sources = [
    ['HTML', '<button onclick="go()">Go</button><iframe src="https://x.test"></iframe><base href="/x">'],
    [
      'SVG',
      '<svg onload="x()"><script>1</script><circle r="1"><animate attributeName="r" values="1;2" dur="1s"/></circle></svg>',
    ],
    ['MARKDOWN', '# T\n\n<script>alert(1)</script>\n\n```mermaid\ngraph TD; A-->B\n```'],
    ['REACT', 'export default () => { eval("1"); return <p/>; }'],
    ['AUTO', '<!DOCTYPE html><html><body><h1>Detected as HTML from a long enough page</h1></body></html>'],
  ] as const;

  it.each(sources)('answers for %s exactly what create stores, and stores nothing', async (type, content) => {
    const before = await count();
    const preview = await api('POST', '/api/v1/artifacts/preview', { token: alice, body: { type, content } });
    expect(preview.status).toBe(200);
    expect(await count()).toBe(before);
    const created = await api('POST', '/api/v1/artifacts', {
      token: alice,
      body: artifactInput({ type, content }),
    });
    expect(created.status).toBe(201);
    const { type: storedType, rendered, renderError, securityWarning } = created.body.artifact;
    expect(preview.body).toEqual({ type: storedType, rendered, renderError, securityWarning });
  });

  it('refuses bad input with a 4xx and a message, and needs the upload feature', async () => {
    const bad = await api('POST', '/api/v1/artifacts/preview', {
      token: alice,
      body: { type: 'PDF', content: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    const extra = await api('POST', '/api/v1/artifacts/preview', {
      token: alice,
      body: { type: 'HTML', content: 'x', title: 'no' },
    });
    expect(extra.status).toBe(400);
    const big = await api('POST', '/api/v1/artifacts/preview', {
      token: alice,
      body: { type: 'HTML', content: 'x'.repeat(500_001) },
    });
    expect(big.status).toBe(413);
    expect(
      (await api('POST', '/api/v1/artifacts/preview', { body: { type: 'HTML', content: 'x' } })).status,
    ).toBe(401);
    expect(
      (await api('POST', '/api/v1/artifacts/preview', { token: free, body: { type: 'HTML', content: 'x' } }))
        .status,
    ).toBe(403);
  });
});

describe('allowNetwork', () => {
  it('is off by default, set by the owner only, public, and no new version', async () => {
    const created = await api('POST', '/api/v1/artifacts', {
      token: alice,
      body: artifactInput({ isPublic: true }),
    });
    const { id, version } = created.body.artifact;
    expect(created.body.artifact.allowNetwork).toBe(false);

    expect(
      (await api('PATCH', `/api/v1/artifacts/${id}`, { token: bob, body: { allowNetwork: true } })).status,
    ).toBe(403);
    const on = await api('PATCH', `/api/v1/artifacts/${id}`, { token: alice, body: { allowNetwork: true } });
    expect(on.status).toBe(200);
    expect(on.body.artifact).toMatchObject({ allowNetwork: true, version });
    // Anyone reading the public artifact sees the setting (the renderer and the badge use it).
    const read = await api('GET', `/api/v1/artifacts/${id}`);
    expect(read.body.artifact.allowNetwork).toBe(true);
    const off = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: alice,
      body: { allowNetwork: false },
    });
    expect(off.body.artifact.allowNetwork).toBe(false);
    expect((await api('GET', `/api/v1/artifacts/${id}`)).body.artifact.allowNetwork).toBe(false);
    const bad = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: alice,
      body: { allowNetwork: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('can be chosen at creation', async () => {
    const created = await api('POST', '/api/v1/artifacts', {
      token: alice,
      body: artifactInput({ allowNetwork: true }),
    });
    expect(created.body.artifact.allowNetwork).toBe(true);
  });
});

describe('frameHeight', () => {
  it('is automatic by default, pinned by the owner only, public, in the embed code, and checked', async () => {
    const created = await api('POST', '/api/v1/artifacts', {
      token: alice,
      body: artifactInput({ isPublic: true }),
    });
    const { id, version } = created.body.artifact;
    expect(created.body.artifact.frameHeight).toBeNull();
    const embedCode = async () =>
      (await api('POST', `/api/v1/artifacts/${id}/share`, { token: alice, body: { channel: 'embed' } })).body
        .embedCode;
    expect(await embedCode()).toMatch(
      /height="600px" .*data-cv-autosize .*<script async src="[^"]+\/assets\/embed\.js">/,
    );

    expect(
      (await api('PATCH', `/api/v1/artifacts/${id}`, { token: bob, body: { frameHeight: 900 } })).status,
    ).toBe(403);
    const pinned = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: alice,
      body: { frameHeight: 900 },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.artifact).toMatchObject({ frameHeight: 900, version });
    // The renderer reads it from the public read (the view frame, /embed and oEmbed follow it).
    expect((await api('GET', `/api/v1/artifacts/${id}`)).body.artifact.frameHeight).toBe(900);
    const pinnedCode = await embedCode();
    expect(pinnedCode).toContain('height="900px"');
    expect(pinnedCode).not.toContain('<script');

    const messages: string[] = [];
    for (const frameHeight of [99, 20_001, 640.5, '900', 'auto']) {
      const bad = await api('PATCH', `/api/v1/artifacts/${id}`, { token: alice, body: { frameHeight } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^"frameHeight"/);
      messages.push(bad.body.message);
    }
    expect(messages.slice(0, 2)).toEqual([
      '"frameHeight" must be at least 100.',
      '"frameHeight" must be at most 20000.',
    ]);
    expect(messages[4]).toContain('whole number of pixels from 100 to 20000');
    expect((await api('GET', `/api/v1/artifacts/${id}`)).body.artifact.frameHeight).toBe(900);

    const fill = await api('PATCH', `/api/v1/artifacts/${id}`, {
      token: alice,
      body: { frameHeight: 'viewport' },
    });
    expect(fill.body.artifact.frameHeight).toBe('viewport');
    const auto = await api('PATCH', `/api/v1/artifacts/${id}`, { token: alice, body: { frameHeight: null } });
    expect(auto.body.artifact.frameHeight).toBeNull();
    const activity = await api('GET', `/api/v1/artifacts/${id}/activity`, { token: alice });
    expect(
      (activity.body as unknown as { activity: { fields: string[] }[] }).activity.filter((e) =>
        e.fields.includes('frameHeight'),
      ),
    ).toHaveLength(3);
  });
});
