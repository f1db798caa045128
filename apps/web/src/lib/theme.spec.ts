import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { THEME_KEY, applyTheme, onThemeChange, readTheme, setTheme } from './theme';

const root = () => document.documentElement;

afterEach(() => {
  localStorage.clear();
  root().removeAttribute('data-theme');
});

describe('the theme choice', () => {
  it('follows the system until a theme is chosen, and forgets the override for "system"', () => {
    expect(readTheme()).toBe('system');
    expect(root()).not.toHaveAttribute('data-theme');

    setTheme('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(root()).toHaveAttribute('data-theme', 'dark');
    expect(readTheme()).toBe('dark');

    setTheme('light');
    expect(root()).toHaveAttribute('data-theme', 'light');

    setTheme('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(root()).not.toHaveAttribute('data-theme');
  });

  it('reads anything else stored as "system"', () => {
    localStorage.setItem(THEME_KEY, 'purple');
    expect(readTheme()).toBe('system');
  });

  it('tells listeners of a change here and applies one made in another tab', () => {
    const listener = vi.fn();
    const stop = onThemeChange(listener);
    setTheme('dark');
    expect(listener).toHaveBeenCalledTimes(1);

    // Another tab wrote the key: this tab's <html> follows.
    localStorage.setItem(THEME_KEY, 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    expect(root()).toHaveAttribute('data-theme', 'light');
    expect(listener).toHaveBeenCalledTimes(2);

    window.dispatchEvent(new StorageEvent('storage', { key: 'cv.analytics-consent' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    setTheme('system');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('applies to the element given', () => {
    const el = document.createElement('html');
    applyTheme('dark', el);
    expect(el).toHaveAttribute('data-theme', 'dark');
    applyTheme('system', el);
    expect(el).not.toHaveAttribute('data-theme');
  });
});

describe('public/theme.js (before the first paint)', () => {
  const script = readFileSync(resolve(__dirname, '../../public/theme.js'), 'utf8');
  /** Runs the boot script against a stand-in page with `stored` in its storage. */
  const boot = (stored: string | null, storage: 'ok' | 'throws' = 'ok') => {
    const attrs = new Map<string, string>();
    const window = {
      localStorage: {
        getItem: (key: string) => {
          if (storage === 'throws') throw new Error('SecurityError');
          return key === THEME_KEY ? stored : null;
        },
      },
    };
    const document = { documentElement: { setAttribute: (k: string, v: string) => attrs.set(k, v) } };
    runInNewContext(script, { window, document });
    return attrs.get('data-theme') ?? null;
  };

  it('sets the stored override with the same key and values as the app, nothing for "system"', () => {
    expect(boot('dark')).toBe('dark');
    expect(boot('light')).toBe('light');
    expect(boot(null)).toBeNull();
    expect(boot('<script>')).toBeNull();
  });

  it('leaves the system theme when storage is unavailable', () => {
    expect(boot('dark', 'throws')).toBeNull();
  });
});
