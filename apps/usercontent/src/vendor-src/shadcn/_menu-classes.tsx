// Class names shared by dropdown-menu and menubar (shadcn gives both the same look).
export const menuContent =
  'z-50 min-w-[8rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md';
export const menuItem =
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';
export const menuIndicatorItem =
  'relative flex cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50';
export const menuSubTrigger =
  'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none focus:bg-accent data-[state=open]:bg-accent [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';
export const menuLabel = 'px-2 py-1.5 text-sm font-semibold';
export const menuSeparator = '-mx-1 my-1 h-px bg-muted';
export const menuShortcut = 'ml-auto text-xs tracking-widest opacity-60';
export const menuIndicator = 'absolute left-2 flex h-3.5 w-3.5 items-center justify-center';
