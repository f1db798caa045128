import { z } from 'zod';
import { readLocalConfigFile } from './local-config';
import {
  ConfigError,
  baseConfigSchema,
  describeConfig,
  loadConfig,
  mongoConfigSchema,
  secret,
} from './config';

const schema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend({ API_KEY: secret(z.string().min(4)) });
const good = {
  NODE_ENV: 'production',
  PORT: '3001',
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  MONGO_DB: 'x',
  API_KEY: 'abcd',
};

describe('loadConfig', () => {
  it('returns typed values with defaults applied', () => {
    const config = loadConfig('identity', schema, good);
    expect(config.PORT).toBe(3001);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('names a missing variable in one line', () => {
    const env: Record<string, string> = { ...good };
    delete env['MONGO_URL'];
    expect(() => loadConfig('identity', schema, env)).toThrow(
      new ConfigError('[identity] invalid configuration: MONGO_URL is required'),
    );
  });

  it('names a malformed variable and why', () => {
    expect(() => loadConfig('identity', schema, { ...good, PORT: '99999' })).toThrow(
      '[identity] invalid configuration: PORT must be between 1 and 65535',
    );
    expect(() => loadConfig('identity', schema, { ...good, MONGO_URL: 'http://x' })).toThrow(
      'MONGO_URL must be a mongodb or mongodb+srv URL',
    );
  });

  it('takes local file defaults outside production, and env wins over them', () => {
    const config = loadConfig('identity', schema, {
      NODE_ENV: 'development',
      API_KEY: 'abcd',
      MONGO_DB: 'mine',
    });
    expect(config.PORT).toBe(readLocalConfigFile()?.apps['identity']?.port);
    expect(config.MONGO_URL).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
    expect(config.MONGO_DB).toBe('mine');
  });

  it('masks secrets when described', () => {
    const config = loadConfig('identity', schema, good);
    expect(describeConfig(schema, config)).toMatchObject({
      API_KEY: '[secret]',
      MONGO_URL: '[secret]',
      PORT: 3001,
    });
  });
});
