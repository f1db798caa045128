import { type Admin, KafkaJSError } from 'kafkajs';
import { type CommitPositions, startGroupsAtEnd, topicEnds } from './consumer-groups';

/** An admin whose offset lookups fail `failures` times with the given error before answering. */
function flakyAdmin(failures: number, error: Error) {
  let calls = 0;
  const set: unknown[] = [];
  const commit: CommitPositions = (groupId, ends) => {
    set.push({ groupId, ends });
    return Promise.resolve();
  };
  const admin = {
    listTopics: () => Promise.resolve(['a', 'b']),
    fetchTopicOffsets: () => {
      calls++;
      if (calls <= failures) return Promise.reject(error);
      return Promise.resolve([{ partition: 0, offset: '7', high: '7', low: '0' }]);
    },
  } as unknown as Admin;
  return { admin, commit, set, calls: () => calls };
}

const notLeader = () =>
  new KafkaJSError('This server is not the leader for that topic-partition', { retriable: true });

describe('startGroupsAtEnd', () => {
  it('retries a topic whose leader is still being elected, then sets the group at its end', async () => {
    const { admin, commit, set, calls } = flakyAdmin(2, notLeader());
    await startGroupsAtEnd(admin, { g: ['a', 'missing'] }, { attempts: 4, commit });
    expect(calls()).toBe(3);
    expect(set).toEqual([
      { groupId: 'g', ends: [{ topic: 'a', partitions: [{ partition: 0, offset: '7' }] }] },
    ]);
  });

  it('gives up after the attempts and rethrows the broker error', async () => {
    const { admin, commit, set } = flakyAdmin(10, notLeader());
    await expect(startGroupsAtEnd(admin, { g: ['a'] }, { attempts: 2, commit })).rejects.toThrow(
      /not the leader/,
    );
    expect(set).toEqual([]);
  });

  it('retries a commit the broker refuses for now, with the same positions', async () => {
    const { admin, commit, set } = flakyAdmin(0, notLeader());
    let refusals = 1;
    const flakyCommit: CommitPositions = (groupId, ends) =>
      refusals-- > 0 ? Promise.reject(notLeader()) : commit(groupId, ends);
    await startGroupsAtEnd(admin, { g: ['a', 'b'] }, { attempts: 3, commit: flakyCommit });
    expect(set).toEqual([
      {
        groupId: 'g',
        ends: [
          { topic: 'a', partitions: [{ partition: 0, offset: '7' }] },
          { topic: 'b', partitions: [{ partition: 0, offset: '7' }] },
        ],
      },
    ]);
  });

  it('does not retry an error the broker calls permanent', async () => {
    const { admin, calls } = flakyAdmin(1, new KafkaJSError('denied', { retriable: false }));
    await expect(topicEnds(admin, 'a')).rejects.toThrow('denied');
    expect(calls()).toBe(1);
  });
});
