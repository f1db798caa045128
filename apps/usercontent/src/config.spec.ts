import { loadConfig, readLocalConfigFile } from '@core-vault/platform';
import { allowedParents, usercontentConfigSchema } from './config';

const env = {
  NODE_ENV: 'production',
  PORT: '4300',
  RENDERER_ORIGIN: 'https://usercontent.example',
  WEB_ORIGIN: 'https://vault.example',
  GATEWAY_URL: 'http://gateway:3000',
  ARTIFACT_ORIGIN_SECRET: 'a-production-secret-of-at-least-32-chars',
};

describe('usercontent config', () => {
  it('allows the app origin plus the listed ones as frame parents', () => {
    const config = loadConfig('usercontent', usercontentConfigSchema, {
      ...env,
      FRAME_PARENT_ORIGINS: ' https://a.example ,https://b.example',
    });
    expect([...allowedParents(config)]).toEqual([
      'https://vault.example',
      'https://a.example',
      'https://b.example',
    ]);
  });

  it.each([
    [{ RENDERER_ORIGIN: 'https://usercontent.example/path' }, 'RENDERER_ORIGIN must be an origin'],
    [{ WEB_ORIGIN: 'javascript:alert(1)' }, 'WEB_ORIGIN must be a http or https URL'],
    [
      { FRAME_PARENT_ORIGINS: 'https://a.example/x' },
      'FRAME_PARENT_ORIGINS must be a comma-separated list of origins',
    ],
  ])('refuses %j', (override, message) => {
    expect(() => loadConfig('usercontent', usercontentConfigSchema, { ...env, ...override })).toThrow(
      message,
    );
  });

  it('takes local defaults: the renderer on localhost, the app on 127.0.0.1 (different hosts)', () => {
    const config = loadConfig('usercontent', usercontentConfigSchema, { NODE_ENV: 'development' });
    expect(new URL(config.RENDERER_ORIGIN).hostname).toBe('localhost');
    expect(new URL(config.WEB_ORIGIN).hostname).toBe('127.0.0.1');
    expect(config.PORT).toBe(readLocalConfigFile()?.apps['usercontent']?.port);
  });
});
