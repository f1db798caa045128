import { forwardersFor } from '../proxy/route-forwarders';
import { PublicReadForwarder } from './public-read.forwarder';

/**
 * The artifacts context's public routes, generated from its contracts
 * (libs/contracts/src/artifacts/artifact-routes.ts) and forwarded as they are: the gateway checks
 * the access the contract states (the service checks again); If-None-Match and ETag pass through,
 * so 304s work end to end. The public read, the product's hot path, is streamed by its own
 * forwarder (the anonymous cached case never gets here: see public-edge-cache.ts).
 */
export const ArtifactsGatewayController = forwardersFor({
  service: 'artifacts',
  name: 'ArtifactsGatewayController',
  byRoute: {
    getArtifact: { via: PublicReadForwarder },
    // The NDJSON export of every artifact and version: passed on as it comes (#18).
    exportMyArtifacts: { options: { stream: true } },
    // Imports from other sources (#35.3): the file streams through to the service; the preview
    // answers once the whole file is read, the run streams its progress.
    previewSourceImport: { options: { streamBody: true, timeoutMs: 300_000 } },
    runSourceImport: { options: { streamBody: true, stream: true, timeoutMs: 300_000 } },
    // window.claude.complete waits for a model: up to the artifacts service's AI_TIMEOUT_MS (≤ 120 s).
    completeInArtifact: { options: { timeoutMs: 125_000 } },
  },
});
