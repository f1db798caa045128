import { AccessTokenVerifier } from '../auth/access-token';
import { localDevKeys } from '../config/local-config';
import { SIGNED_UP_CLAIMS, devTokenFor } from './tokens';

describe('devTokenFor', () => {
  // config/local.json is written by the workspace set-up; devTokenFor itself needs it too.
  const verifier = new AccessTokenVerifier(localDevKeys()?.publicKey ?? 'no config/local.json');

  it('mints, synchronously, a token the services accept, with the claims asked for', async () => {
    const token = devTokenFor('u-dev', SIGNED_UP_CLAIMS);
    expect(typeof token).toBe('string');
    expect(await verifier.verify(token)).toMatchObject({ sub: 'u-dev', act: false, sts: 'NO_SUBSCRIPTION' });
  });

  it('stays cheap per call (one worker for the process)', () => {
    devTokenFor('warm');
    const started = Date.now();
    for (let i = 0; i < 20; i++) devTokenFor(`u-${i}`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
