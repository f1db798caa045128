// Radix's toggle-group is not in the workspace: a small group of Radix Toggles with the same
// props (type single|multiple, value/defaultValue/onValueChange, variant, size).
import * as React from 'react';
import * as TogglePrimitive from '@radix-ui/react-toggle';
import { type VariantProps } from 'class-variance-authority';
import { toggleVariants } from './toggle';
import { cn } from './utils';

type Variants = VariantProps<typeof toggleVariants>;

interface GroupContext extends Variants {
  pressed: (value: string) => boolean;
  toggle: (value: string, on: boolean) => void;
  disabled?: boolean;
}

const ToggleGroupContext = React.createContext<GroupContext | null>(null);

type ToggleGroupProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'onChange'> &
  Variants & {
    type?: 'single' | 'multiple';
    value?: string | string[];
    defaultValue?: string | string[];
    onValueChange?: (value: never) => void;
    disabled?: boolean;
  };

const asList = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : v ? [v] : [];

export function ToggleGroup({
  className,
  variant,
  size,
  type = 'single',
  value,
  defaultValue,
  onValueChange,
  disabled,
  children,
  ...props
}: ToggleGroupProps) {
  const [inner, setInner] = React.useState<string[]>(asList(defaultValue));
  const current = value === undefined ? inner : asList(value);
  const toggle = (item: string, on: boolean) => {
    const next =
      type === 'single' ? (on ? [item] : []) : on ? [...current, item] : current.filter((v) => v !== item);
    setInner(next);
    (onValueChange as ((v: string | string[]) => void) | undefined)?.(
      type === 'single' ? (next[0] ?? '') : next,
    );
  };
  return (
    <div role="group" className={cn('flex items-center justify-center gap-1', className)} {...props}>
      <ToggleGroupContext.Provider
        value={{ variant, size, disabled, pressed: (v) => current.includes(v), toggle }}
      >
        {children}
      </ToggleGroupContext.Provider>
    </div>
  );
}

export function ToggleGroupItem({
  className,
  children,
  variant,
  size,
  value,
  ...props
}: React.ComponentProps<typeof TogglePrimitive.Root> & Variants & { value: string }) {
  const group = React.useContext(ToggleGroupContext);
  return (
    <TogglePrimitive.Root
      className={cn(
        toggleVariants({ variant: group?.variant ?? variant, size: group?.size ?? size }),
        className,
      )}
      pressed={group ? group.pressed(value) : undefined}
      onPressedChange={(on) => group?.toggle(value, on)}
      disabled={group?.disabled}
      {...props}
    >
      {children}
    </TogglePrimitive.Root>
  );
}
