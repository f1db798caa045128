import { type RuntimeRequest, type RuntimeResult, runtimeResult } from '@core-vault/contracts';

/**
 * The app's side of Claude's artifact runtime (docs/reference/artifact-runtime.md): a frame's
 * `window.storage` and `window.claude.complete` calls, answered with the vault's API under the
 * viewer's session. The artifact is the one this frame shows — never one a message names — so a
 * frame can reach its own artifact's data only. A signed-in viewer's personal data is kept by the
 * vault per (artifact, user); for an anonymous viewer the API answers STORAGE_SIGN_IN_REQUIRED and
 * the frame keeps it in the browser, on the artifact's own origin.
 */
export interface RuntimeContext {
  artifactId: string;
  accessToken: string | null;
  fetchImpl?: typeof fetch;
}

type Outcome = Parameters<typeof runtimeResult>[1];

const SIGN_IN_REQUIRED = {
  message: 'Sign in to keep personal data of this artifact on your account.',
  code: 'STORAGE_SIGN_IN_REQUIRED',
  status: 401,
};

function describe(request: RuntimeRequest, base: string): { url: string; init: RequestInit } {
  const json = (method: string, body?: unknown): RequestInit => ({
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (request.op === 'complete') {
    const { op: _op, ...body } = request;
    return { url: `${base}/complete`, init: json('POST', body) };
  }
  const store = `${base}/storage/${request.shared ? 'shared' : 'personal'}`;
  switch (request.op) {
    case 'list':
      return {
        url: request.prefix === null ? store : `${store}?prefix=${encodeURIComponent(request.prefix)}`,
        init: json('GET'),
      };
    case 'get':
      return { url: `${store}/${encodeURIComponent(request.key)}`, init: json('GET') };
    case 'set':
      return {
        url: `${store}/${encodeURIComponent(request.key)}`,
        init: json('PUT', { value: request.value }),
      };
    case 'delete':
      return { url: `${store}/${encodeURIComponent(request.key)}`, init: json('DELETE') };
  }
}

export async function answerRuntimeCall(request: RuntimeRequest, context: RuntimeContext): Promise<Outcome> {
  const personal = request.op !== 'complete' && !request.shared;
  if (personal && !context.accessToken) return { error: SIGN_IN_REQUIRED };
  const { url, init } = describe(request, `/api/v1/artifacts/${encodeURIComponent(context.artifactId)}`);
  let res: Response;
  try {
    res = await (context.fetchImpl ?? fetch)(url, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...(context.accessToken ? { Authorization: `Bearer ${context.accessToken}` } : {}),
      },
    });
  } catch {
    return {
      error: { message: 'Core Vault could not be reached.', code: 'RUNTIME_UNREACHABLE', status: 503 },
    };
  }
  const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  if (res.ok) return { result: body };
  // Claude's get answers null for a key that holds nothing.
  if (request.op === 'get' && body?.code === 'STORAGE_KEY_NOT_FOUND') return { result: null };
  return {
    error: {
      message: typeof body?.message === 'string' ? body.message : `The call failed (${res.status}).`,
      code: typeof body?.code === 'string' ? body.code : 'RUNTIME_FAILED',
      status: res.status,
    },
  };
}

/** Answers a frame's runtime call and posts the result back to that frame only. */
export function replyToRuntimeCall(
  frame: Window,
  frameOrigin: string,
  call: number,
  request: RuntimeRequest,
  context: RuntimeContext,
): void {
  void answerRuntimeCall(request, context).then((outcome) => {
    const message: RuntimeResult = runtimeResult(call, outcome);
    frame.postMessage(message, frameOrigin);
  });
}
