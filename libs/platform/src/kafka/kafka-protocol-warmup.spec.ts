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
      'fetch/v11/response.js',
    ];
    // fetch v0–v11, offsetCommit v0–v5, heartbeat v0–v3: a request and a response each.
    expect(warmKafkaProtocol('consumer')).toBeGreaterThanOrEqual(2 * (12 + 6 + 4));
    for (const file of hot) expect(loaded(join(requests, file))).toBe(true);
    // A consumer-only service does not load what only a producer sends.
    expect(loaded(join(requests, 'produce/v7/response.js'))).toBe(false);
  });

  it("loads a producer's produce request, every version", () => {
    expect(warmKafkaProtocol('producer')).toBeGreaterThanOrEqual(2 * 8);
    expect(loaded(join(requests, 'produce/v7/response.js'))).toBe(true);
    expect(loaded(join(requests, 'produce/v0/request.js'))).toBe(true);
  });

  it('leaves the requests a running client does not repeat (topic administration) to kafkajs', () => {
    warmKafkaProtocol('consumer');
    warmKafkaProtocol('producer');
    expect(loaded(join(requests, 'createTopics/v3/request.js'))).toBe(false);
  });
});
