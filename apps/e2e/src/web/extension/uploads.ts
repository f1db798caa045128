/**
 * Every artifact create that reaches the vault from this browser context — the extension's service
 * worker (Playwright's context routes see its fetches) and the dashboard's hand-off batches — with
 * the option to fail the next uploads of either as a dropped connection would.
 */
import { type BrowserContext, type Request } from 'playwright-core';

export interface Upload {
  /** The service worker sent it (else a page: the dashboard). */
  fromExtension: boolean;
  batch: boolean;
  /** The create bodies it carried. */
  artifacts: Record<string, unknown>[];
  /** Aborted by failNextFromExtension() or failNextFromPage(). */
  failed: boolean;
}

export interface UploadTap {
  readonly uploads: Upload[];
  /** The next `n` creates the extension sends fail with a refused connection. */
  failNextFromExtension(n: number): void;
  /** The next `n` creates a page sends (the dashboard's hand-off batches) fail the same way. */
  failNextFromPage(n: number): void;
}

const asObjects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];

/** The page that sent a request ('' for a worker's: Playwright throws on frame() there). */
function pageUrl(request: Request): string {
  try {
    return request.frame().url();
  } catch {
    return '';
  }
}

export async function tapUploads(context: BrowserContext, vaultOrigin: string): Promise<UploadTap> {
  const uploads: Upload[] = [];
  const toFail = { extension: 0, page: 0 };
  const handle = (batch: boolean) =>
    context.route(`${vaultOrigin}/api/v1/artifacts${batch ? '/batch' : ''}`, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.fallback();
      const body: unknown = request.postDataJSON();
      const artifacts = batch
        ? asObjects((body as { artifacts?: unknown } | null)?.artifacts)
        : asObjects([body]);
      const fromExtension =
        request.serviceWorker() !== null || pageUrl(request).startsWith('chrome-extension://');
      const from = fromExtension ? 'extension' : 'page';
      const failed = toFail[from] > 0;
      uploads.push({ fromExtension, batch, artifacts, failed });
      if (failed) {
        toFail[from] -= 1;
        return route.abort('connectionrefused');
      }
      return route.fallback();
    });
  await handle(false);
  await handle(true);
  return {
    uploads,
    failNextFromExtension(n) {
      toFail.extension = n;
    },
    failNextFromPage(n) {
      toFail.page = n;
    },
  };
}
