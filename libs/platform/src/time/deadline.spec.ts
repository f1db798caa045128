import { withDeadline } from './deadline';

describe('withDeadline', () => {
  it('answers with the work when it finishes first', async () => {
    await expect(withDeadline(Promise.resolve(7), 1_000, 'late')).resolves.toBe(7);
  });

  it("passes the work's own failure on", async () => {
    await expect(withDeadline(Promise.reject(new Error('refused')), 1_000, 'late')).rejects.toThrow(
      'refused',
    );
  });

  it('rejects with the message when the work never finishes', async () => {
    await expect(withDeadline(new Promise<void>(() => undefined), 20, 'no answer in 20 ms')).rejects.toThrow(
      'no answer in 20 ms',
    );
  });
});
