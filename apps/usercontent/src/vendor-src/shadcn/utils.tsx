// `@/lib/utils`: shadcn/ui's class-name helper. Every component merges its defaults with the
// artifact's className through it, so `className="bg-red-500"` overrides `bg-primary`.
import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
