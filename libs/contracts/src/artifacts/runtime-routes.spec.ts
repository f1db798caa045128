import { isRuntimeViewerCall } from './runtime-routes';

describe('isRuntimeViewerCall (the calls embeds may make cross-origin)', () => {
  it.each([
    ['GET', '/api/v1/artifacts/abc/storage/shared'],
    ['GET', '/api/v1/artifacts/abc/storage/personal?prefix=x'],
    ['GET', '/api/v1/artifacts/abc/storage/shared/k'],
    ['PUT', '/api/v1/artifacts/abc/storage/personal/k'],
    ['DELETE', '/api/v1/artifacts/abc/storage/shared/k'],
    ['POST', '/api/v1/artifacts/abc/complete'],
    ['OPTIONS', '/api/v1/artifacts/abc/storage/shared/k'],
  ])('%s %s is one', (method, path) => expect(isRuntimeViewerCall(method, path)).toBe(true));

  it.each([
    ['DELETE', '/api/v1/artifacts/abc/storage/shared'],
    ['GET', '/api/v1/artifacts/abc/runtime'],
    ['PATCH', '/api/v1/artifacts/abc/runtime'],
    ['GET', '/api/v1/artifacts/abc'],
    ['DELETE', '/api/v1/artifacts/abc'],
    ['PUT', '/api/v1/artifacts/abc/storage/other/k'],
    ['PUT', '/api/v1/artifacts/abc/storage/shared/'],
    ['PUT', '/api/v1/artifacts/abc/storage/shared/k/more'],
    ['GET', '/api/v1/artifacts/abc/complete'],
    ['POST', '/api/v1/artifacts//complete'],
  ])('%s %s is not', (method, path) => expect(isRuntimeViewerCall(method, path)).toBe(false));
});
