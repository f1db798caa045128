import { type ReactElement, type ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';

/**
 * The Radix part of the Filters popover (#36.2), in its own chunk (SearchBar loads it after the
 * first paint): the trigger and the choices are SearchBar's.
 */
export function FiltersPopover({
  trigger,
  label,
  children,
}: {
  trigger: ReactElement;
  label: string;
  children: ReactNode;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Content
        className="db-filters-popover cv-card"
        aria-label={label}
        align="end"
        sideOffset={6}
        collisionPadding={8}
      >
        {children}
      </Popover.Content>
    </Popover.Root>
  );
}
