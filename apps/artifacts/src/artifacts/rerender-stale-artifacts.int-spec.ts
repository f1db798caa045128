/**
 * Artifacts stored under an older HTML/SVG policy get today's stored form: in the background
 * after boot (the job is called directly here to await it), and when an old version is restored.
 */
import { uniqueSuffix } from '@core-vault/platform/testing';
import { RENDER_POLICY_VERSION } from '../rendering/render';
import { artifactInput, type client, tokenFor, useArtifactsApp } from '../testing';
import { RerenderStaleArtifacts } from './rerender-stale-artifacts';

const s = uniqueSuffix();
const alice = tokenFor(`alice-${s}`);

const ctx = useArtifactsApp();
const api: ReturnType<typeof client> = (...args) => ctx.api(...args);

const HTML = '<button onclick="count()">Add</button><div hidden>x</div>';
const OLD_FORM = '<button>Add</button><div>x</div>';
const artifacts = () => ctx.db.collection<{ _id: string; rev: number; rendered: string | null }>('artifacts');

async function createPublic(over: Record<string, unknown>) {
  const res = await api('POST', '/api/v1/artifacts', {
    token: alice,
    body: artifactInput({ isPublic: true, ...over }),
  });
  expect(res.status).toBe(201);
  return res.body.artifact;
}

/** As a version-1 policy left it: the handler and `hidden` stripped, no renderPolicy. */
const makeStale = (id: string, rendered: string) =>
  artifacts().updateOne({ _id: id }, { $set: { rendered }, $unset: { renderPolicy: 1 } });

it('stores the new form of stale HTML and SVG, drops the cached read, makes no version', async () => {
  const html = await createPublic({ type: 'HTML', content: HTML });
  const svg = await createPublic({
    type: 'SVG',
    content: '<svg><circle r="1"><animate attributeName="r" values="1;2" dur="1s"/></circle></svg>',
  });
  const react = await createPublic({ type: 'REACT', content: 'export default () => <p/>' });
  const gone = await createPublic({ type: 'HTML', content: HTML });
  await api('DELETE', `/api/v1/artifacts/${gone.id}`, { token: alice });
  // Deleted for good (from the trash): its stored form is gone and stays gone.
  await api('DELETE', `/api/v1/artifacts/trash/${gone.id}`, { token: alice });
  await makeStale(html.id, OLD_FORM);
  await makeStale(svg.id, '<svg><circle r="1"></circle></svg>');
  await artifacts().updateOne({ _id: react.id }, { $unset: { renderPolicy: 1 } });
  // The old form is what readers get now, from the public cache.
  expect((await api('GET', `/api/v1/artifacts/${html.id}`)).body.artifact.rendered).toBe(OLD_FORM);
  const revBefore = (await artifacts().findOne({ _id: html.id }))!['rev'];

  const job = ctx.t.app.get(RerenderStaleArtifacts);
  expect(await job.run()).toBe(2);
  expect(await job.run()).toBe(0);

  const read = (await api('GET', `/api/v1/artifacts/${html.id}`)).body.artifact;
  expect(read.rendered).toBe('<button onclick="count()">Add</button><div hidden>x</div>');
  expect(read.version).toBe(1);
  const stored = await artifacts().findOne({ _id: html.id });
  expect(stored).toMatchObject({ renderPolicy: RENDER_POLICY_VERSION, rev: revBefore + 1 });
  expect((await api('GET', `/api/v1/artifacts/${svg.id}`)).body.artifact.rendered).toContain('<animate');
  expect(await artifacts().findOne({ _id: react.id })).not.toHaveProperty('renderPolicy');
  expect((await artifacts().findOne({ _id: gone.id }))!['rendered']).toBeNull();
});

it('restoring an old version stores it under today’s policy', async () => {
  const a = await createPublic({ type: 'HTML', content: HTML });
  const edit = await api('PATCH', `/api/v1/artifacts/${a.id}`, {
    token: alice,
    body: { content: '<p>two</p>' },
  });
  expect(edit.status).toBe(200);
  await ctx.db
    .collection('artifact_versions')
    .updateOne({ artifactId: a.id, version: 1 }, { $set: { rendered: OLD_FORM } });
  const restored = await api('POST', `/api/v1/artifacts/${a.id}/versions/1/restore`, { token: alice });
  expect(restored.status).toBe(200);
  expect(restored.body.artifact.rendered).toBe('<button onclick="count()">Add</button><div hidden>x</div>');
});
