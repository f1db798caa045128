import * as React from 'react';
import { cn } from './utils';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('animate-pulse rounded-md bg-primary/10', className)} {...props} />;
}
