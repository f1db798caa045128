import { type Redis } from 'ioredis';
import { type AnalyticsConfig } from '../config';
import { VisitorSets } from './visitor-sets';

/** A Redis whose pipeline records its commands; `add` needs nothing else of it. */
function recordingRedis() {
  const commands: [string, string, ...string[]][] = [];
  const pipeline = {
    sadd: (key: string, ...members: string[]) => (commands.push(['sadd', key, ...members]), pipeline),
    expire: (key: string, seconds: number) => (commands.push(['expire', key, String(seconds)]), pipeline),
    eval: (_script: string, _keys: number, ...args: (string | number)[]) => (
      commands.push(['eval', ...(args.map(String) as [string, ...string[]])]),
      pipeline
    ),
    exec: () => Promise.resolve([]),
  };
  return { redis: { pipeline: () => pipeline } as unknown as Redis, commands };
}

const config = { ANALYTICS_VISITOR_SALT: 's'.repeat(32), ANALYTICS_REDIS_PREFIX: 'an' } as AnalyticsConfig;

describe('VisitorSets.add', () => {
  it('adds each session once per artifact and day, hashed, with one SADD and expiry per set', async () => {
    const { redis, commands } = recordingRedis();
    const sets = new VisitorSets(redis, config);
    await sets.add([
      {
        artifactId: 'a1',
        // Days interleaved, as views around midnight arrive; a session twice on one day.
        visitors: [
          { day: '2026-11-28', sessionId: 'x' },
          { day: '2026-11-29', sessionId: 'x' },
          { day: '2026-11-28', sessionId: 'y' },
          { day: '2026-11-28', sessionId: 'x' },
        ],
      },
      { artifactId: 'a2', visitors: [{ day: '2026-11-29', sessionId: 'y' }] },
      // The same artifact again in one batch joins its sets.
      { artifactId: 'a1', visitors: [{ day: '2026-11-29', sessionId: 'z' }] },
    ]);
    const [x, y, z] = ['x', 'y', 'z'].map((s) => sets.hash(s));
    const sadds = commands.filter(([c]) => c === 'sadd').map(([, key, ...m]) => [key, m.sort()]);
    expect(sadds).toEqual([
      ['an:uv:{a1}:2026-11-28', [x, y].sort()],
      ['an:uv:{a1}:2026-11-29', [x, z].sort()],
      ['an:uv:{a2}:2026-11-29', [y]],
    ]);
    expect(commands.filter(([c]) => c === 'expire').map(([, key]) => key)).toEqual(sadds.map(([key]) => key));
    // Never the session ids themselves.
    expect(commands.flat()).not.toContain('x');
  });

  it("credits each visitor's first referring domain of the batch in one script per set, never the session", async () => {
    const { redis, commands } = recordingRedis();
    const sets = new VisitorSets(redis, config);
    await sets.add([
      {
        artifactId: 'a1',
        visitors: [
          // Direct first, then from a site: the site is credited; the later one is not.
          { day: '2026-11-28', sessionId: 'x' },
          { day: '2026-11-28', sessionId: 'x', domain: 'first.example' },
          { day: '2026-11-28', sessionId: 'x', domain: 'later.example' },
          { day: '2026-11-28', sessionId: 'y', domain: 'first.example' },
          // Never from a site: in the day's set, credited to nothing.
          { day: '2026-11-28', sessionId: 'z' },
        ],
      },
      { artifactId: 'a2', visitors: [{ day: '2026-11-28', sessionId: 'x' }] },
    ]);
    const [x, y] = ['x', 'y'].map((s) => sets.hash(s));
    expect(commands.filter(([c]) => c === 'eval')).toEqual([
      [
        'eval',
        'an:rv:{a1}:2026-11-28',
        'an:rc:{a1}:2026-11-28',
        String(35 * 24 * 3600),
        '50',
        '(other)',
        x,
        'first.example',
        y,
        'first.example',
      ],
    ]);
    expect(commands.flat()).not.toContain('x');
  });

  it('sends nothing for a batch without visitors', async () => {
    const { redis, commands } = recordingRedis();
    await new VisitorSets(redis, config).add([{ artifactId: 'a1', visitors: [] }]);
    expect(commands).toEqual([]);
  });
});
