/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula
 * ("CSV injection"); such text gets a leading apostrophe, which `unguardCell` removes again on import.
 * A list line "- item" is guarded too: spreadsheets read "- 1+2" as a formula.
 */
export function guardCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Undoes `guardCell`: a leading apostrophe before = + - @ (or a tab or carriage return) is dropped. */
export function unguardCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
