import { createRequire } from 'node:module';
import { Client, errors } from '@opensearch-project/opensearch';

type AwsSigning = Pick<typeof import('@opensearch-project/opensearch/aws-v3'), 'AwsSigv4Signer'> &
  Pick<typeof import('@aws-sdk/credential-provider-node'), 'defaultProvider'>;

/**
 * The AWS signer and the SDK's credential chain, required only where a region asks for them:
 * they hold about 15 MiB resident, which every other deployment (basic authentication, local)
 * would carry for nothing. Synchronous, because the client is made in a provider factory.
 */
function awsSigning(): AwsSigning {
  const load = createRequire(__filename);
  return {
    ...(load('@opensearch-project/opensearch/aws-v3') as Pick<AwsSigning, 'AwsSigv4Signer'>),
    ...(load('@aws-sdk/credential-provider-node') as Pick<AwsSigning, 'defaultProvider'>),
  };
}

export const OPENSEARCH = Symbol('OPENSEARCH');

/**
 * Longest a search request waits: past it the caller is answered 503 and can retry, rather than
 * holding the request while the engine is away.
 */
export const SEARCH_REQUEST_TIMEOUT_MS = 3_000;

/**
 * Longest an index write waits (the client's default): the consumer writes once per event, and
 * with the client's one retry this stays inside the consumer's 30 s Kafka session, so an engine
 * that hangs does not get the consumer thrown out of its group.
 */
export const INDEX_WRITE_TIMEOUT_MS = 10_000;

/**
 * Longest index administration and a rebuild's bulk loads wait, none of them on a person's
 * request or inside a consumer's handler. Creating an index waits for its shard to start, which
 * took over 3 s on a loaded CI host; with the search's 3 s the client gave up, asked again, and
 * the engine (which had created it meanwhile) answered "already exists": boot and rebuild failed.
 */
export const INDEX_ADMIN_TIMEOUT_MS = 60_000;

/** Per-request options of the searches and the health check. */
export const SEARCH_REQUEST = { requestTimeout: SEARCH_REQUEST_TIMEOUT_MS } as const;
/** Per-request options of index administration and bulk loads. */
export const ADMIN_REQUEST = { requestTimeout: INDEX_ADMIN_TIMEOUT_MS } as const;

export interface OpenSearchSettings {
  /** OPENSEARCH_URL: the engine, with basic-authentication credentials in it or none. */
  url: string;
  /** OPENSEARCH_AWS_REGION: sign every request with AWS SigV4 for this region (Amazon OpenSearch). */
  awsRegion?: string | undefined;
  /** OPENSEARCH_AWS_SERVICE: `es` for a managed domain, `aoss` for OpenSearch Serverless. */
  awsService?: 'es' | 'aoss';
}

/**
 * One client per process (it keeps its own keep-alive connection pool). Two ways to authenticate:
 * - basic authentication: credentials in the URL (`https://user:password@host`, percent-encoded;
 *   the chart then reads OPENSEARCH_URL from the app's Secret). The client sends them as an
 *   Authorization header and keeps them out of its connection ids and errors;
 * - AWS SigV4 (Amazon OpenSearch Service with IAM): a region given, every request is signed by
 *   the client's own signer with credentials from the AWS SDK's default chain — environment,
 *   shared files, the pod's web identity (IRSA) or the instance role — refreshed as they expire.
 * Both at once would be ambiguous: the service refuses to start.
 */
export function createOpenSearchClient({ url, awsRegion, awsService = 'es' }: OpenSearchSettings): Client {
  const common = { node: url, requestTimeout: INDEX_WRITE_TIMEOUT_MS, maxRetries: 1 };
  if (!awsRegion) return new Client(common);
  const parsed = new URL(url);
  if (parsed.username || parsed.password)
    throw new Error(
      'OPENSEARCH_URL carries credentials and OPENSEARCH_AWS_REGION asks for AWS SigV4 signing: use one of the two',
    );
  const { AwsSigv4Signer, defaultProvider } = awsSigning();
  return new Client({
    ...AwsSigv4Signer({ region: awsRegion, service: awsService, getCredentials: defaultProvider() }),
    ...common,
  });
}

/** The client settings of the artifacts service's validated config. */
export function openSearchSettings(config: {
  OPENSEARCH_URL: string;
  OPENSEARCH_AWS_REGION?: string | undefined;
  OPENSEARCH_AWS_SERVICE: 'es' | 'aoss';
}): OpenSearchSettings {
  return {
    url: config.OPENSEARCH_URL,
    awsRegion: config.OPENSEARCH_AWS_REGION,
    awsService: config.OPENSEARCH_AWS_SERVICE,
  };
}

/** The engine's URL fit for a log line or a terminal: any credentials in it replaced. */
export function engineForDisplay(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return parsed.origin + parsed.pathname.replace(/\/$/, '');
  parsed.username = '***';
  parsed.password = '';
  return parsed.href.replace(/\/$/, '');
}

/**
 * The engine is away or the index is not there yet (being created at boot, or dropped): nothing
 * the request or event did wrong, a moment to wait. Other refusals are bugs and stay errors.
 */
export function isSearchUnavailable(err: unknown): boolean {
  if (err instanceof Error && err.name === 'SearchIndexMissing') return true;
  if (
    err instanceof errors.ConnectionError ||
    err instanceof errors.TimeoutError ||
    err instanceof errors.NoLivingConnectionsError
  )
    return true;
  if (!(err instanceof errors.ResponseError)) return false;
  const status = err.statusCode ?? 0;
  return status >= 500 || (status === 404 && /index_not_found/.test(JSON.stringify(err.body ?? '')));
}

/** A refusal by the engine with this status (e.g. 409 for an older external version). */
export function hasStatus(err: unknown, status: number): boolean {
  return err instanceof errors.ResponseError && err.statusCode === status;
}
