import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Topic } from '@core-vault/contracts';
import { workspaceRoot } from './process';
import { groupEnv, groupTopics, isolatedEnv, serviceGroups } from './service-groups';

/** The consumer-group settings each service's config declares (`<KEY>_GROUP: z…`). */
function declaredGroups(): Record<string, string[]> {
  const apps = join(workspaceRoot, 'apps');
  const found: Record<string, string[]> = {};
  for (const app of readdirSync(apps)) {
    let source: string;
    try {
      source = readFileSync(join(apps, app, 'src/config.ts'), 'utf8');
    } catch {
      continue;
    }
    const keys = [...source.matchAll(/^\s*([A-Z][A-Z_]*_GROUP):\s*z\./gm)].map((m) => m[1]!);
    if (keys.length) found[app] = keys.sort();
  }
  return found;
}

describe('service groups', () => {
  it("names every consumer group a service's config declares, and no other", () => {
    const declared = declaredGroups();
    expect(Object.keys(declared).sort()).toEqual(
      ['analytics', 'artifacts', 'billing', 'identity', 'onboarding', 'thumbnailer'].sort(),
    );
    for (const [app, keys] of Object.entries(declared))
      expect([app, Object.keys(groupEnv('p', app)).sort()]).toEqual([app, keys]);
  });

  it('gives each test prefix names no other prefix shares, and a service without consumers none', () => {
    const a = Object.values(groupEnv('run-a', 'artifacts'));
    const b = Object.values(groupEnv('run-b', 'artifacts'));
    expect(a).toContain('run-a.artifacts.user-deleted');
    expect(a.filter((name) => b.includes(name))).toEqual([]);
    expect(groupEnv('run-a', 'gateway')).toEqual({});
  });

  it('lists each group once with the topics its consumer reads', () => {
    const topics = groupTopics('p', ['identity', 'artifacts', 'gateway']);
    expect(topics['p.artifacts.view-counts']).toEqual([Topic.ViewCountChanged]);
    expect(topics['p.identity.user-deleted']).toEqual([Topic.UserDeleted]);
    expect(Object.keys(topics)).toHaveLength(
      serviceGroups('p', 'identity').length + serviceGroups('p', 'artifacts').length,
    );
  });

  it("isolates each service's shared namespaces too, under names the run's cleanup knows", () => {
    const prefix = 'stack-0123456789';
    const artifacts = isolatedEnv(prefix, 'artifacts');
    expect(artifacts).toMatchObject(groupEnv(prefix, 'artifacts'));
    // A test index (tools/scripts/lib/test-indexes.mjs deletes `test-*` left by the run), never cv-artifacts.
    expect(artifacts['SEARCH_INDEX']).toMatch(/^test-[a-z0-9_-]+$/);
    expect(isolatedEnv(prefix, 'analytics')['ANALYTICS_REDIS_PREFIX']).toBe(`test-${prefix}`);
    expect(isolatedEnv(prefix, 'onboarding')['ONBOARDING_QUEUE']).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(isolatedEnv(prefix, 'gateway')).toEqual({ RATE_LIMIT_NAMESPACE: `test-${prefix}` });
    expect(isolatedEnv('other', 'onboarding')['ONBOARDING_QUEUE']).not.toBe(
      isolatedEnv(prefix, 'onboarding')['ONBOARDING_QUEUE'],
    );
  });
});
