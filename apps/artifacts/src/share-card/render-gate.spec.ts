import { RenderBusyError, RenderGate } from './render-gate';

function deferred() {
  let resolve!: (b: Buffer) => void;
  const promise = new Promise<Buffer>((r) => (resolve = r));
  return { promise, resolve };
}

describe('RenderGate', () => {
  it('runs at most `concurrency` renders at once, the rest in line, in order', async () => {
    const gate = new RenderGate(2, 5);
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((k) => ({ k, d: deferred() }));
    const results = jobs.map(({ k, d }) => gate.run(k, () => (started.push(k), d.promise)));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    jobs[0]?.d.resolve(Buffer.from('a'));
    await results[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[1]?.d.resolve(Buffer.from('b'));
    jobs[2]?.d.resolve(Buffer.from('c'));
    expect((await Promise.all(results)).map(String)).toEqual(['a', 'b', 'c']);
  });

  it('shares one render between callers of the same key', async () => {
    const gate = new RenderGate(1, 1);
    let renders = 0;
    const d = deferred();
    const work = () => (renders++, d.promise);
    const [x, y] = [gate.run('k', work), gate.run('k', work)];
    d.resolve(Buffer.from('png'));
    expect(String(await x)).toBe('png');
    expect(String(await y)).toBe('png');
    expect(renders).toBe(1);
  });

  it('refuses at once when the line is full, and frees the slot after a failed render', async () => {
    const gate = new RenderGate(1, 1);
    const first = deferred();
    const running = gate.run('a', () => first.promise);
    const queued = gate.run('b', () => Promise.reject(new Error('render failed')));
    await expect(gate.run('c', () => Promise.resolve(Buffer.from('c')))).rejects.toBeInstanceOf(
      RenderBusyError,
    );
    first.resolve(Buffer.from('a'));
    await running;
    await expect(queued).rejects.toThrow('render failed');
    await expect(gate.run('d', () => Promise.resolve(Buffer.from('d')))).resolves.toEqual(Buffer.from('d'));
  });
});
