import { frameMessageSchema, renderErrorSchema } from '@core-vault/contracts';
import { renderErrors } from '../document/errors';
import { agentMessage } from './agent-messages';
import { findComponent, runnerErrors } from './react-runner';
import { MemoryStorage, PersistedStorage, installPersistedStorage, installStorageShim } from './storage-shim';

describe('agent messages', () => {
  it('are valid frame messages for the app (the agent cannot import zod)', () => {
    for (const m of [
      agentMessage({ kind: 'rendered' }),
      agentMessage({ kind: 'height', height: 321, mode: 'content' }),
      agentMessage({ kind: 'height', height: 800, mode: 'viewport' }),
      agentMessage({ kind: 'error', error: runnerErrors.render('boom') }),
    ])
      expect(frameMessageSchema.safeParse(m).success).toBe(true);
  });

  it('use the same error catalogue as the document builder', () => {
    expect(runnerErrors.render('x')).toEqual(renderErrors.render('x'));
    expect(runnerErrors.notFound()).toEqual(renderErrors.notFound());
    expect(runnerErrors.libraryLoad('x')).toEqual(renderErrors.libraryLoad('x'));
    expect(runnerErrors.moduleError('x')).toEqual(renderErrors.moduleError('x'));
    expect(renderErrorSchema.safeParse(runnerErrors.notFound()).success).toBe(true);
  });
});

describe('findComponent', () => {
  const Fn = () => null;
  const memo = { $$typeof: Symbol.for('react.memo') };
  it.each<[Record<string, unknown>, unknown]>([
    [{ default: Fn, App: () => 1 }, Fn],
    [{ default: memo }, memo],
    [{ App: Fn }, Fn],
    [{ helper: () => 1, Widget: Fn }, Fn],
    [{ default: 42, value: 1 }, undefined],
    [{}, undefined],
  ])('%#', (exports, expected) => {
    expect(findComponent(exports)).toBe(expected);
  });
});

describe('storage shim', () => {
  it('stores strings in memory like Storage', () => {
    const s = new MemoryStorage();
    s.setItem('tasks', '[1]');
    s.setItem('n', 5 as unknown as string);
    expect([s.getItem('tasks'), s.getItem('n'), s.length, s.key(0)]).toEqual(['[1]', '5', 2, 'tasks']);
    s.removeItem('tasks');
    expect(s.getItem('tasks')).toBeNull();
    s.clear();
    expect(s.length).toBe(0);
  });

  it('replaces storage that throws (opaque origin) and keeps storage that works', () => {
    const working = new MemoryStorage();
    const win = {} as Window;
    Object.defineProperty(win, 'localStorage', {
      get: () => {
        throw new Error('SecurityError');
      },
      configurable: true,
    });
    Object.defineProperty(win, 'sessionStorage', { value: working, configurable: true });
    installStorageShim(win);
    expect(win.localStorage).toBeInstanceOf(MemoryStorage);
    expect(win.sessionStorage).toBe(working);
  });
});

describe('persisted storage', () => {
  it('starts from the seed and hands every change to the app, debounced', () => {
    jest.useFakeTimers();
    const persisted: Record<string, string>[] = [];
    const win = {} as Window;
    installPersistedStorage({ tasks: '["a"]' }, (items) => persisted.push(items), win);
    expect(win.localStorage.getItem('tasks')).toBe('["a"]');
    win.localStorage.setItem('tasks', '["a","b"]');
    win.localStorage.setItem('theme', 'dark');
    jest.advanceTimersByTime(100);
    expect(persisted).toEqual([{ tasks: '["a","b"]', theme: 'dark' }]);
    expect(
      frameMessageSchema.safeParse(agentMessage({ kind: 'storage', items: persisted[0]! })).success,
    ).toBe(true);
    win.sessionStorage.setItem('x', '1');
    jest.advanceTimersByTime(100);
    expect(persisted).toHaveLength(1);
    jest.useRealTimers();
  });

  it('refuses to grow past the quota, like real storage', () => {
    const s = new PersistedStorage({}, () => undefined);
    s.setItem('a', 'x'.repeat(60_000));
    expect(() => s.setItem('b', 'y'.repeat(60_000))).toThrow('quota');
    s.setItem('a', 'z'.repeat(90_000));
    expect(s.getItem('a')).toHaveLength(90_000);
  });
});
