import { basename, dirname } from 'node:path';
import { startTelemetry } from './telemetry';

/**
 * Imported first by every service's main.ts (`import '@core-vault/platform/tracing'`), before
 * the libraries the SDK instruments are loaded. The service is named by OTEL_SERVICE_NAME, or
 * else by its folder (apps/<name>/src/main.ts, apps/<name>/dist/main.js).
 */
const entry = process.argv[1] ?? '';
startTelemetry(
  process.env['OTEL_SERVICE_NAME'] ?? basename(dirname(dirname(entry))),
  process.env['OTEL_EXPORTER_OTLP_ENDPOINT'],
);
