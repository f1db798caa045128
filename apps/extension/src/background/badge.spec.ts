import { badgeFor } from './badge';

const saved = (key: string) => ({
  key,
  status: 'saved' as const,
  id: key,
  url: `https://v.test/view/${key}`,
  title: key,
});
const queued = (key: string) => ({ key, status: 'queued' as const, reason: 'Offline' });
const failed = (key: string) => ({ key, status: 'failed' as const, reason: 'Too large' });

describe('badgeFor', () => {
  it('counts what was saved', () => {
    expect(badgeFor([saved('a'), saved('b')], 0)).toMatchObject({ text: '2', title: 'Core Vault: 2 saved.' });
  });
  it('says when the items went to the vault tab, or wait for it', () => {
    expect(badgeFor([queued('a')], 1)).toMatchObject({
      text: '→',
      title: 'Core Vault: 1 sent to the vault tab.',
    });
    expect(badgeFor([queued('a')], 0).text).toBe('…');
  });
  it('puts a failure first, and says when nothing was found', () => {
    expect(badgeFor([saved('a'), failed('b')], 0)).toMatchObject({
      text: '!',
      title: 'Core Vault: 1 of 2 could not be saved. Open the popup to retry.',
    });
    expect(badgeFor([], 0).text).toBe('0');
  });
});
