import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import {
  APP_CONFIG,
  type HealthCheckResult,
  type HealthIndicator,
  HealthRegistry,
} from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { OPENSEARCH, SEARCH_REQUEST } from './opensearch.client';

/**
 * The search engine in /health/ready, as one terminus indicator among the service's dependencies.
 * Not critical: without it only search answers 503 (everything else works), so the service stays
 * ready and keeps taking writes; the index catches up from the events afterwards.
 */
@Injectable()
export class OpenSearchHealthIndicator implements HealthIndicator, OnModuleInit {
  readonly name = 'opensearch';
  readonly critical = false;

  constructor(
    @Inject(OPENSEARCH) private readonly client: Client,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async check(): Promise<HealthCheckResult> {
    const { body } = await this.client.cluster.health({ timeout: '1s' }, SEARCH_REQUEST);
    const alias = this.config.SEARCH_INDEX;
    const indexed = (await this.client.indices.existsAlias({ name: alias }, SEARCH_REQUEST)).body;
    // Yellow is a single node's normal state (no second node to hold replicas).
    const up = body.status !== 'red' && indexed;
    return { status: up ? 'up' : 'down', details: { cluster: body.status, alias, indexed } };
  }
}
