import type * as React from 'react';
import { cn } from './lib/utils.ts';

/**
 * A labelled group of a combobox's listbox options (the storefront's search suggestions, the back
 * office's search results): `role="group"` with its label shown above the options.
 */
export function ListboxGroup({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not a fieldset
    <div role="group" aria-label={label} className="py-1">
      <p className="px-2 py-1 font-medium text-muted-foreground text-xs">{label}</p>
      {children}
    </div>
  );
}

interface ListboxOptionProps {
  /** The id the combobox's input names in aria-activedescendant while this option is active. */
  id: string;
  active: boolean;
  /** The pointer moved over the option: it becomes the active one. */
  onActivate: () => void;
  onPick: () => void;
  className?: string;
  children: React.ReactNode;
}

/**
 * One option of a combobox's listbox. The focus stays in the combobox's input (the keyboard moves the
 * active option from there), so pressing the option does not take it, and the list stays open until
 * a pick.
 */
export function ListboxOption({ id, active, onActivate, onPick, className, children }: ListboxOptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
        active && 'bg-accent text-accent-foreground',
        className,
      )}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onActivate}
      onClick={onPick}
      onKeyDown={() => {}}
    >
      {children}
    </div>
  );
}
