import { type QueuedItem } from '../shared/settings';
import { QUEUE_MAX, dequeue, enqueue } from './queue';

const item = (key: string, content = key) => ({
  key,
  artifact: { title: key, type: 'HTML' as const, content },
});

describe('queue', () => {
  it('adds items with their reason; saving a waiting item again replaces it', () => {
    let q: QueuedItem[] = enqueue([], [item('a'), item('b')], 'Signed out', 1);
    q = enqueue(q, [item('a', 'newer')], 'Offline', 2);
    expect(q.map((i) => [i.key, i.artifact.content, i.reason, i.queuedAt])).toEqual([
      ['b', 'b', 'Signed out', 1],
      ['a', 'newer', 'Offline', 2],
    ]);
  });

  it('removes only what was delivered; items queued meanwhile stay', () => {
    const sent = enqueue([], [item('a'), item('b')], 'r', 1);
    const later = enqueue(sent, [item('c')], 'r', 2);
    expect(
      dequeue(
        later,
        sent.map((i) => i.key),
      ).map((i) => i.key),
    ).toEqual(['c']);
  });

  it('keeps the newest QUEUE_MAX items', () => {
    const many = Array.from({ length: QUEUE_MAX + 3 }, (_, n) => item(`k${n}`));
    const q = enqueue([], many, 'r', 1);
    expect(q).toHaveLength(QUEUE_MAX);
    expect(q[0]?.key).toBe('k3');
  });
});
