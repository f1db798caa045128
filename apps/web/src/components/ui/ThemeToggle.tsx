import { useId, useSyncExternalStore } from 'react';
import { THEME_CHOICES, type ThemeChoice, onThemeChange, readTheme, setTheme } from '../../lib/theme';

/** System / Light / Dark: a labelled select, saved in this browser and applied at once. */
export function ThemeToggle({ className }: { className?: string }) {
  const id = useId();
  const theme = useSyncExternalStore(onThemeChange, readTheme, () => 'system' as const);
  return (
    <span className={`cv-theme-toggle${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>Theme</label>
      <select id={id} value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </span>
  );
}
