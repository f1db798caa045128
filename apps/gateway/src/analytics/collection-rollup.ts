import { Inject, Injectable } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { ANALYTICS_LIMITS, analyticsInternalRoute, buildPath, collectionRoute } from '@core-vault/contracts';
import { APP_CONFIG, AppException, REQUEST_ID_HEADER } from '@core-vault/platform';
import { type GatewayConfig } from '../config';

const PAGE = 100;
const TIMEOUT_MS = 15_000;

/**
 * A collection's statistics, composed here: collections live in the artifacts service and views in
 * analytics, and neither reads the other's data. The caller's token goes to both, so each checks
 * ownership itself (artifacts: the collection; analytics: every artifact id).
 */
@Injectable()
export class CollectionRollup {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  async send(collectionId: string, req: Request, res: Response): Promise<void> {
    const headers: Record<string, string> = {
      authorization: String(req.headers.authorization ?? ''),
      [REQUEST_ID_HEADER]: String(res.getHeader(REQUEST_ID_HEADER) ?? ''),
    };
    const ids: string[] = [];
    for (let page = 1; ids.length < ANALYTICS_LIMITS.rollupMaxArtifacts; page++) {
      const path = buildPath(collectionRoute.listArtifacts.path, { id: collectionId });
      const list = await this.call(`${this.config.ARTIFACTS_URL}${path}?page=${page}&limit=${PAGE}`, {
        headers,
      });
      if (list.status !== 200) return this.relay(list, res);
      const body = (await list.json()) as { artifacts: { id: string }[]; hasMore: boolean };
      ids.push(...body.artifacts.map((a) => a.id));
      if (!body.hasMore) break;
    }
    const rollup = await this.call(`${this.config.ANALYTICS_URL}${analyticsInternalRoute.rollup.path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ artifactIds: ids.slice(0, ANALYTICS_LIMITS.rollupMaxArtifacts) }),
    });
    await this.relay(rollup, res);
  }

  private async call(url: string, init: RequestInit): Promise<globalThis.Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new AppException(
        503,
        'SERVICE_UNAVAILABLE',
        'The service is temporarily unavailable. Please try again.',
      );
    }
  }

  private async relay(upstream: globalThis.Response, res: Response): Promise<void> {
    res.status(upstream.status);
    res.setHeader('content-type', upstream.headers.get('content-type') ?? 'application/json');
    res.send(Buffer.from(await upstream.arrayBuffer()));
  }
}
