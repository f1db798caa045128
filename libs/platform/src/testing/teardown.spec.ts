import { Teardown } from './teardown';

describe('Teardown', () => {
  it('runs steps last-added first, each once', async () => {
    const order: number[] = [];
    const t = new Teardown();
    t.add(() => order.push(1));
    t.add(() => Promise.resolve(order.push(2)));
    await t.run();
    await t.run();
    expect(order).toEqual([2, 1]);
  });

  it('keeps going past a failing step and reports it', async () => {
    const closed: string[] = [];
    const t = new Teardown();
    t.add(() => closed.push('first'));
    t.add(() => {
      throw new Error('boom');
    });
    await expect(t.run()).rejects.toThrow('1 teardown step(s) failed');
    expect(closed).toEqual(['first']);
  });

  it('closes what a failed setup opened and rethrows the setup error', async () => {
    const closed: string[] = [];
    const t = new Teardown();
    const setup = t.guard(() => {
      t.add(() => closed.push('server'));
      return Promise.reject(new Error('browser did not launch'));
    });
    await expect(setup).rejects.toThrow('browser did not launch');
    expect(closed).toEqual(['server']);
  });
});
