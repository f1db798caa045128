import { api } from '../../lib/api/client';
import { copyText } from '../../lib/clipboard';
import { copyShare } from './artifact-actions';
import { pinnedShareText } from './components/history/pinned-share';

vi.mock('../../lib/api/client', () => ({ api: { call: vi.fn() } }));
vi.mock('../../lib/clipboard', () => ({ copyText: vi.fn(() => Promise.resolve(true)) }));

const call = vi.mocked(api.call);
const copied = () => vi.mocked(copyText).mock.calls.at(-1)?.[0] ?? '';

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});

describe('Embed Code carries the frame height', () => {
  it('copies the server’s embed code as it is', async () => {
    call.mockResolvedValueOnce({ embedCode: '<iframe height="900px"></iframe>' });
    await copyShare({ id: 'a1', title: 'T', frameHeight: 900 }, 'embed');
    expect(copied()).toBe('<iframe height="900px"></iframe>');
  });

  it('builds the same code when the share call fails: pinned px, no script', async () => {
    call.mockRejectedValue(new Error('offline'));
    await copyShare({ id: 'a1', title: 'T', frameHeight: 900 }, 'embed');
    expect(copied()).toContain('height="900px"');
    expect(copied()).not.toContain('<script');
    expect(await pinnedShareText({ id: 'a1', title: 'T', frameHeight: 1_500 }, 'embed', 2)).toContain(
      'height="1500px"',
    );
  });

  it('an automatic artifact: 600px, marked for the resize script that follows it', async () => {
    call.mockRejectedValue(new Error('offline'));
    await copyShare({ id: 'a1', title: 'T', frameHeight: null }, 'embed');
    expect(copied()).toMatch(
      /height="600px" title="T" data-cv-autosize .*<script async src="[^"]+\/assets\/embed\.js"><\/script>$/,
    );
  });
});
