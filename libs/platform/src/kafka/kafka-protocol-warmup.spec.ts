import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { warmKafkaProtocol } from './kafka-protocol-warmup';

describe('warmKafkaProtocol', () => {
  const nodeRequire = createRequire(__filename);
  const requests = join(dirname(nodeRequire.resolve('kafkajs/package.json')), 'src/protocol/requests');
  const loaded = (file: string): boolean => nodeRequire.cache[nodeRequire.resolve(file)] !== undefined;

  it('loads every version of the requests a consumer sends after its first fetch, so none loads mid-batch', () => {
    const hot = [
      'offsetCommit/v5/response.js',
      'offsetCommit/v0/request.js',
      'heartbeat/v3/request.js',
      'produce/v7/response.js',
      'fetch/v11/response.js',
    ];
    const count = warmKafkaProtocol();
    // fetch v0–v11, offsetCommit v0–v5, heartbeat v0–v3, produce v0–v7: a request and a response each.
    expect(count).toBeGreaterThanOrEqual(2 * (12 + 6 + 4 + 8));
    for (const file of hot) expect(loaded(join(requests, file))).toBe(true);
  });

  it('leaves the requests a consumer does not send at run time to kafkajs', () => {
    warmKafkaProtocol();
    expect(loaded(join(requests, 'createTopics/v3/request.js'))).toBe(false);
  });
});
