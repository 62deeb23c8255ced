import { type ClassValue, clsx } from 'clsx';

let merge: (classes: string) => string = (classes) => classes;

/**
 * Sets how `cn` resolves conflicting Tailwind classes. The back office sets tailwind-merge (a later
 * `p-4` replaces an earlier `p-2`); the storefront sets nothing, which keeps tailwind-merge's 8 KB out
 * of its first load, so storefront code overrides a component's class with Tailwind's important
 * modifier (`gap-0!`) instead of relying on the order of classes.
 */
export function setClassMerger(merger: (classes: string) => string): void {
  merge = merger;
}

/** Joins class names (`cn('p-2', active && 'font-bold')`), resolving conflicts as set above. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
