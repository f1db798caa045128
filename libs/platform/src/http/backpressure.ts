import { type Writable } from 'node:stream';

/** The reader went away: stop producing, nothing to report to anyone. */
export class ClientGone extends Error {
  override readonly name = 'ClientGone';
}

/**
 * Writes a chunk and, when the stream's buffer is full, waits until it drained: the producer
 * never runs ahead of the reader by more than the stream's high-water mark.
 */
export async function writeWithBackpressure(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new ClientGone();
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (fn: () => void) => () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      fn();
    };
    const onDrain = settle(resolve);
    const onClose = settle(() => reject(new ClientGone()));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}
