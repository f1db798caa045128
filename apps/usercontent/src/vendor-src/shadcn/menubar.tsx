import * as React from 'react';
import * as MenubarPrimitive from '@radix-ui/react-menubar';
import { Check, ChevronRight, Circle } from 'lucide-react';
import * as c from './_menu-classes';
import { cn } from './utils';

type P<T extends React.ElementType> = React.ComponentProps<T> & { inset?: boolean };

export const MenubarMenu = MenubarPrimitive.Menu;
export const MenubarGroup = MenubarPrimitive.Group;
export const MenubarPortal = MenubarPrimitive.Portal;
export const MenubarSub = MenubarPrimitive.Sub;
export const MenubarRadioGroup = MenubarPrimitive.RadioGroup;

export function Menubar({ className, ...props }: P<typeof MenubarPrimitive.Root>) {
  return (
    <MenubarPrimitive.Root
      className={cn(
        'flex h-9 items-center space-x-1 rounded-md border bg-background p-1 shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function MenubarTrigger({ className, ...props }: P<typeof MenubarPrimitive.Trigger>) {
  return (
    <MenubarPrimitive.Trigger
      className={cn(
        'flex cursor-default select-none items-center rounded-sm px-3 py-1 text-sm font-medium outline-none focus:bg-accent focus:text-accent-foreground data-[state=open]:bg-accent data-[state=open]:text-accent-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function MenubarSubTrigger({
  className,
  inset,
  children,
  ...props
}: P<typeof MenubarPrimitive.SubTrigger>) {
  return (
    <MenubarPrimitive.SubTrigger className={cn(c.menuSubTrigger, inset && 'pl-8', className)} {...props}>
      {children}
      <ChevronRight className="ml-auto h-4 w-4" />
    </MenubarPrimitive.SubTrigger>
  );
}

export function MenubarSubContent({ className, ...props }: P<typeof MenubarPrimitive.SubContent>) {
  return <MenubarPrimitive.SubContent className={cn(c.menuContent, 'shadow-lg', className)} {...props} />;
}

export function MenubarContent({
  className,
  align = 'start',
  alignOffset = -4,
  sideOffset = 8,
  ...props
}: P<typeof MenubarPrimitive.Content>) {
  return (
    <MenubarPrimitive.Portal>
      <MenubarPrimitive.Content
        align={align}
        alignOffset={alignOffset}
        sideOffset={sideOffset}
        className={cn(c.menuContent, 'min-w-[12rem]', className)}
        {...props}
      />
    </MenubarPrimitive.Portal>
  );
}

export function MenubarItem({ className, inset, ...props }: P<typeof MenubarPrimitive.Item>) {
  return <MenubarPrimitive.Item className={cn(c.menuItem, inset && 'pl-8', className)} {...props} />;
}

export function MenubarCheckboxItem({
  className,
  children,
  ...props
}: P<typeof MenubarPrimitive.CheckboxItem>) {
  return (
    <MenubarPrimitive.CheckboxItem className={cn(c.menuIndicatorItem, className)} {...props}>
      <span className={c.menuIndicator}>
        <MenubarPrimitive.ItemIndicator>
          <Check className="h-4 w-4" />
        </MenubarPrimitive.ItemIndicator>
      </span>
      {children}
    </MenubarPrimitive.CheckboxItem>
  );
}

export function MenubarRadioItem({ className, children, ...props }: P<typeof MenubarPrimitive.RadioItem>) {
  return (
    <MenubarPrimitive.RadioItem className={cn(c.menuIndicatorItem, className)} {...props}>
      <span className={c.menuIndicator}>
        <MenubarPrimitive.ItemIndicator>
          <Circle className="h-4 w-4 fill-current" />
        </MenubarPrimitive.ItemIndicator>
      </span>
      {children}
    </MenubarPrimitive.RadioItem>
  );
}

export function MenubarLabel({ className, inset, ...props }: P<typeof MenubarPrimitive.Label>) {
  return <MenubarPrimitive.Label className={cn(c.menuLabel, inset && 'pl-8', className)} {...props} />;
}

export function MenubarSeparator({ className, ...props }: P<typeof MenubarPrimitive.Separator>) {
  return <MenubarPrimitive.Separator className={cn(c.menuSeparator, className)} {...props} />;
}

export function MenubarShortcut({ className, ...props }: React.ComponentProps<'span'>) {
  return <span className={cn(c.menuShortcut, 'text-muted-foreground', className)} {...props} />;
}
