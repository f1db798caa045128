import { once } from 'node:events';
import { join } from 'node:path';
import { createLogger, describeConfig, loadConfig } from '@core-vault/platform';
import { usercontentConfigSchema } from './config';
import { createUsercontentServer } from './server/server';

/** Starts the renderer origin; SIGTERM/SIGINT close it after in-flight requests. */
async function main(): Promise<void> {
  const config = loadConfig('usercontent', usercontentConfigSchema);
  const logger = createLogger('usercontent', config.LOG_LEVEL);
  const assetsDir = config.ASSETS_DIR ?? join(__dirname, '..', 'dist', 'public');
  const server = createUsercontentServer({ config, logger, assetsDir });
  server.listen(config.PORT, config.HOST);
  await once(server, 'listening');
  logger.info(
    { config: describeConfig(usercontentConfigSchema, config), assetsDir },
    'usercontent listening',
  );
  const stop = () => {
    const timer = setTimeout(() => process.exit(0), config.SHUTDOWN_TIMEOUT_MS).unref();
    server.close(() => {
      clearTimeout(timer);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
