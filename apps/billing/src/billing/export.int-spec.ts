/**
 * The data export: every source in one dated JSON file (the artifacts streamed from the artifacts
 * service's NDJSON export), a note when a source is down, and `complete: false` when anything is
 * missing — also when the artifacts stream breaks off half-way.
 * Billing from its entry point against the real infrastructure (stripe-mock behind a
 * fault-injecting proxy, Mongo, Redis, Kafka read back by a tap): see useBillingHarness.
 */
import { newUser, useBillingHarness } from '../testing/billing-kit';

const h = useBillingHarness('export');

describe('data export', () => {
  it('downloads account, billing, artifacts, analytics and usage history as one dated JSON file', async () => {
    const { user } = await h.startTrial();
    const res = await fetch(`${h.billing.url}/api/v1/billing/export`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="core-vault-export-${today}.json"`,
    );
    const text = await res.text();
    expect(text).toContain('\n  "account"');
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(doc).toMatchObject({
      account: { id: 'me' },
      artifacts: [{ id: 'a1' }, { id: 'a2' }],
      analytics: { totalArtifacts: 2, totalViews: 7 },
      usageHistory: { invoices: [] },
      notes: [],
      complete: true,
    });
    expect((doc['billing'] as { subscriptions: unknown[] }).subscriptions).toHaveLength(1);
  });

  it('keeps going with a note when a source is down', async () => {
    h.artifactsDown = true;
    try {
      const user = newUser();
      const res = await h.api('GET', '/api/v1/billing/export', user.token);
      expect(res.status).toBe(200);
      expect(res.body['artifacts']).toEqual([]);
      expect(res.body['notes']).toEqual(['The artifacts could not be included (the service answered 503).']);
      expect(res.body['complete']).toBe(false);
    } finally {
      h.artifactsDown = false;
    }
  });

  it('an artifacts stream that breaks off mid-artifact still ends in a valid document marked incomplete', async () => {
    h.artifactsBreak = true;
    try {
      const res = await h.api('GET', '/api/v1/billing/export', newUser().token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        artifacts: [{ id: 'a1', title: 'Chart', viewCount: 4 }],
        analytics: { totalArtifacts: 1, totalViews: 4 },
        notes: ['The artifacts are incomplete: the artifacts service stopped after 1 artifact.'],
        complete: false,
      });
    } finally {
      h.artifactsBreak = false;
    }
  });
});
