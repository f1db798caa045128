/**
 * The Tailwind setup React artifacts are written against (Claude's artifact environment):
 * shadcn/ui's design tokens as CSS variables and their theme mapping, so `bg-background`,
 * `text-muted-foreground`, `border-input`, `ring-ring`, `bg-primary/90`, `rounded-lg`… are
 * styled, by the renderer's shadcn components and by artifacts that use the same classes.
 *
 * Read by Tailwind's browser build from `<style type="text/tailwindcss">` (it prepends
 * `@import "tailwindcss"` itself because this has no @import). Variables are HSL channels, as in
 * shadcn's Tailwind v3 setup, so artifact code such as `stroke="hsl(var(--primary))"` works too.
 */
const LIGHT = {
  background: '0 0% 100%',
  foreground: '222.2 84% 4.9%',
  card: '0 0% 100%',
  'card-foreground': '222.2 84% 4.9%',
  popover: '0 0% 100%',
  'popover-foreground': '222.2 84% 4.9%',
  primary: '222.2 47.4% 11.2%',
  'primary-foreground': '210 40% 98%',
  secondary: '210 40% 96.1%',
  'secondary-foreground': '222.2 47.4% 11.2%',
  muted: '210 40% 96.1%',
  'muted-foreground': '215.4 16.3% 46.9%',
  accent: '210 40% 96.1%',
  'accent-foreground': '222.2 47.4% 11.2%',
  destructive: '0 84.2% 60.2%',
  'destructive-foreground': '210 40% 98%',
  border: '214.3 31.8% 91.4%',
  input: '214.3 31.8% 91.4%',
  ring: '222.2 84% 4.9%',
  'chart-1': '12 76% 61%',
  'chart-2': '173 58% 39%',
  'chart-3': '197 37% 24%',
  'chart-4': '43 74% 66%',
  'chart-5': '27 87% 67%',
};

const DARK: typeof LIGHT = {
  background: '222.2 84% 4.9%',
  foreground: '210 40% 98%',
  card: '222.2 84% 4.9%',
  'card-foreground': '210 40% 98%',
  popover: '222.2 84% 4.9%',
  'popover-foreground': '210 40% 98%',
  primary: '210 40% 98%',
  'primary-foreground': '222.2 47.4% 11.2%',
  secondary: '217.2 32.6% 17.5%',
  'secondary-foreground': '210 40% 98%',
  muted: '217.2 32.6% 17.5%',
  'muted-foreground': '215 20.2% 65.1%',
  accent: '217.2 32.6% 17.5%',
  'accent-foreground': '210 40% 98%',
  destructive: '0 62.8% 30.6%',
  'destructive-foreground': '210 40% 98%',
  border: '217.2 32.6% 17.5%',
  input: '217.2 32.6% 17.5%',
  ring: '212.7 26.8% 83.9%',
  'chart-1': '220 70% 50%',
  'chart-2': '160 60% 45%',
  'chart-3': '30 80% 55%',
  'chart-4': '280 65% 60%',
  'chart-5': '340 75% 55%',
};

const vars = (tokens: typeof LIGHT) =>
  Object.entries(tokens)
    .map(([name, value]) => `--${name}:${value};`)
    .join('');

const themeMapping = Object.keys(LIGHT)
  .map((name) => `--color-${name}:hsl(var(--${name}));`)
  .join('');

/**
 * The stylesheet for Tailwind's browser build. Light tokens by default; the frame's dark theme
 * (`<html data-theme="dark">`) or a `.dark` ancestor switches them, and the `dark:` variant
 * follows the same switch instead of the OS setting the frame cannot see consistently. The base
 * layer also restores two Tailwind v3 defaults that artifacts written for v3 rely on: `border`
 * draws the light border colour (v4: currentColor) and buttons show a pointer.
 */
export const TAILWIND_THEME_CSS = `@custom-variant dark (&:where([data-theme=dark], [data-theme=dark] *, .dark, .dark *));
@theme inline {${themeMapping}--radius-lg:var(--radius);--radius-md:calc(var(--radius) - 2px);--radius-sm:calc(var(--radius) - 4px);}
@layer base {
:root{${vars(LIGHT)}--radius:0.5rem;}
[data-theme=dark],.dark{${vars(DARK)}}
*,::after,::before,::backdrop,::file-selector-button{border-color:hsl(var(--border));}
button:not(:disabled),[role=button]:not(:disabled){cursor:pointer;}
}`;
