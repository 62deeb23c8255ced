/** "processing" -> "Processing": the first letter upper-cased, the rest as it was. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A count with its noun: "1 item", "3 items"; `many` for nouns that take more than an "s". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
