import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { type AuthUser } from '@core-vault/contracts';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type BillingConfig } from '../config';
import { AccountService } from './account.service';

const SOURCE_TIMEOUT_MS = 5_000;

type Section = { ok: true; data: unknown } | { ok: false; note: string };

/**
 * The "export-data" call: one JSON document of the caller's account, billing, artifacts,
 * analytics and usage history, gathered from the owning services with the caller's own token. A
 * source that fails becomes an empty section with a note rather than failing the whole export.
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly account: AccountService,
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async export(user: AuthUser, authorization: string | undefined, now = new Date()) {
    const [identity, artifacts, details, history] = await Promise.all([
      this.fetchSource('account details', `${this.config.IDENTITY_URL}/api/v1/me`, authorization),
      this.fetchSource('artifacts', `${this.config.ARTIFACTS_URL}/api/v1/artifacts?limit=100`, authorization),
      this.account.details(user),
      this.account.history(user),
    ]);
    const notes: string[] = [];
    for (const s of [identity, artifacts]) if (!s.ok) notes.push(s.note);
    const artifactList = artifacts.ok ? listOf(artifacts.data) : [];
    return {
      document: {
        exportedAt: now.toISOString(),
        account: identity.ok ? identity.data : { id: user.id, email: user.email },
        billing: {
          customer_id: details.customer_id,
          subscriptions: details.subscriptions,
          payment_methods: details.payment_methods,
        },
        artifacts: artifactList,
        analytics: {
          totalArtifacts: artifactList.length,
          totalViews: artifactList.reduce<number>(
            (sum, a) => sum + numberOr0((a as { viewCount?: unknown }).viewCount),
            0,
          ),
        },
        usageHistory: { invoices: history.invoices },
        notes,
      },
      filename: `core-vault-export-${now.toISOString().slice(0, 10)}.json`,
    };
  }

  private async fetchSource(label: string, url: string, authorization: string | undefined): Promise<Section> {
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
        signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS),
      });
      if (!res.ok)
        return {
          ok: false,
          note: `The ${label} could not be included (the service answered ${res.status}).`,
        };
      return { ok: true, data: await res.json() };
    } catch (err) {
      this.logger.warn({ err, source: label }, 'export source unavailable');
      return { ok: false, note: `The ${label} could not be included (the service is unavailable).` };
    }
  }
}

/** Artifact lists come as an array or as a page object with items. */
function listOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const page = data as { items?: unknown; artifacts?: unknown } | null;
  if (Array.isArray(page?.items)) return page.items;
  if (Array.isArray(page?.artifacts)) return page.artifacts;
  return [];
}

const numberOr0 = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
