import { CoalescedSends } from './coalesced-sends';

/** A send that resolves (or fails) when the test says, recording what each send carried. */
function controlledSend() {
  const sends: Array<{ items: number[]; settle: (err?: Error) => void }> = [];
  const send = (items: readonly number[]) =>
    new Promise<void>((resolve, reject) =>
      sends.push({ items: [...items], settle: (err) => (err ? reject(err) : resolve()) }),
    );
  return { sends, send };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('CoalescedSends', () => {
  it('sends a lone call at once', async () => {
    const { sends, send } = controlledSend();
    const done = new CoalescedSends(send, 10).submit([1, 2]);
    expect(sends.map((s) => s.items)).toEqual([[1, 2]]);
    sends[0]?.settle();
    await expect(done).resolves.toBeUndefined();
  });

  it('joins what arrives during a send into the next one, in arrival order, within maxItems', async () => {
    const { sends, send } = controlledSend();
    const coalesced = new CoalescedSends(send, 5);
    const calls = [[1], [2, 3], [4, 5], [6, 7, 8]].map((items) => coalesced.submit(items));
    expect(sends).toHaveLength(1);
    sends[0]?.settle();
    await tick();
    // [6,7,8] would exceed 5: it waits for the send after, never split.
    expect(sends.map((s) => s.items)).toEqual([[1], [2, 3, 4, 5]]);
    sends[1]?.settle();
    await tick();
    expect(sends.map((s) => s.items)).toEqual([[1], [2, 3, 4, 5], [6, 7, 8]]);
    sends[2]?.settle();
    await expect(Promise.all(calls)).resolves.toHaveLength(4);
  });

  it('weighs a caller’s items as it says: a send stays within the weight, a heavy caller goes alone', async () => {
    const { sends, send } = controlledSend();
    const coalesced = new CoalescedSends(send, 10);
    const sum = (items: number[]) => items.reduce((a, b) => a + b, 0);
    const calls = [[1], [2, 3], [4], [9], [1, 1]].map((items) => coalesced.submit(items, sum(items)));
    sends[0]?.settle();
    await tick();
    // 2+3+4 = 9 fits in 10; 9 more would not, nor 2 more after the 9.
    expect(sends.map((s) => s.items)).toEqual([[1], [2, 3, 4]]);
    sends[1]?.settle();
    await tick();
    expect(sends.map((s) => s.items)).toEqual([[1], [2, 3, 4], [9]]);
    sends[2]?.settle();
    await tick();
    expect(sends[3]?.items).toEqual([1, 1]);
    sends[3]?.settle();
    await expect(Promise.all(calls)).resolves.toHaveLength(5);
  });

  it('fails exactly the callers whose send failed; the next ones still go', async () => {
    const { sends, send } = controlledSend();
    const coalesced = new CoalescedSends(send, 100);
    const first = coalesced.submit([1]);
    const second = coalesced.submit([2]);
    const third = coalesced.submit([3]);
    sends[0]?.settle(new Error('broker away'));
    await expect(first).rejects.toThrow('broker away');
    await tick();
    expect(sends[1]?.items).toEqual([2, 3]);
    sends[1]?.settle();
    await expect(Promise.all([second, third])).resolves.toHaveLength(2);
    const later = coalesced.submit([4]);
    expect(sends[2]?.items).toEqual([4]);
    sends[2]?.settle();
    await expect(later).resolves.toBeUndefined();
  });
});
