// Go builds (FerretDB launcher, stripe-mock) keep every download and build
// artifact inside the repo's ignored .cache, never in ~/go.
import { join } from 'node:path';
import { BIN_DIR, CACHE } from './config.mjs';
import { InfraError, which } from './proc.mjs';

export function goEnv(service) {
  if (!which('go'))
    throw new InfraError(
      service,
      'go not found on PATH (Go 1.24+ is needed to build stripe-mock and FerretDB)',
    );
  return {
    ...process.env,
    GOBIN: BIN_DIR,
    GOMODCACHE: join(CACHE, 'go/mod'),
    GOCACHE: join(CACHE, 'go/build'),
    GOPATH: join(CACHE, 'go/path'),
    // -modcacherw: plain `rm -rf .cache` works; -buildvcs=false: no git stamping.
    GOFLAGS: '-modcacherw -buildvcs=false',
    GOTOOLCHAIN: 'local',
    CGO_ENABLED: '0',
  };
}
