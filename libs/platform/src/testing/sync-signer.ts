import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { ACCESS_TOKEN_ALGORITHM } from '../auth/access-token';

/**
 * jose signs asynchronously (WebCrypto), but `devTokenFor` is synchronous and some forty test
 * harnesses call it inline. A worker thread runs jose's SignJWT while this thread waits on a
 * shared flag, so the token is still made by jose — no hand-built JWT anywhere. Runs in plain
 * Node (not through Jest's module system), where jose's ES module loads natively.
 */
const WORKER = `
const { parentPort } = require('node:worker_threads');
let jose;
parentPort.on('message', async ({ josePath, pem, alg, payload, flag, port }) => {
  try {
    jose ??= await import(josePath);
    const key = await jose.importPKCS8(pem, alg);
    const token = await new jose.SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
    port.postMessage({ token });
  } catch (err) {
    port.postMessage({ error: String(err) });
  } finally {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  }
});
`;

const WAIT_MS = 30_000;

export class SyncTokenSigner {
  private readonly worker: Worker;
  private readonly josePath = pathToFileURL(createRequire(__filename).resolve('jose')).href;

  constructor(private readonly privateKeyPem: string) {
    this.worker = new Worker(WORKER, { eval: true });
    // A test process must be able to exit with the signer idle.
    this.worker.unref();
  }

  /** Signs `payload` (already complete: iss, aud, iat, exp included) with EdDSA. */
  sign(payload: Record<string, unknown>): string {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    try {
      this.worker.postMessage(
        {
          josePath: this.josePath,
          pem: this.privateKeyPem,
          alg: ACCESS_TOKEN_ALGORITHM,
          payload,
          flag,
          port: port2,
        },
        [port2],
      );
      if (Atomics.wait(flag, 0, 0, WAIT_MS) === 'timed-out') throw new Error('dev token signer timed out');
      const reply = receiveMessageOnPort(port1)?.message as { token?: string; error?: string } | undefined;
      if (!reply?.token) throw new Error(`dev token signer failed: ${reply?.error ?? 'no answer'}`);
      return reply.token;
    } finally {
      port1.close();
    }
  }
}
