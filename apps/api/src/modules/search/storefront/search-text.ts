/**
 * The longest word a shopper's search keeps. Words up to this length have postings (migration 0059
 * writes none for longer ones), so a longer limit here needs a migration that widens them.
 */
export const MAX_WORD_LENGTH = 40;

/**
 * The words of a shopper's search: lower case, split on anything that is not a letter or a digit, at
 * most 8 words of at most MAX_WORD_LENGTH characters. Only letters and digits reach to_tsquery, so the
 * text can never be read as its operators.
 */
export function searchTokens(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((t) => t.slice(0, MAX_WORD_LENGTH));
}

/**
 * Edits (a wrong, missing or extra letter, or two neighbours swapped) between a and b: the optimal
 * string alignment distance.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      let best = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** How many edits a word of this length forgives: one up to 4 letters, two from 5. Digits none. */
export function allowedEdits(word: string): number {
  if (/^\p{N}+$/u.test(word)) return 0;
  return word.length >= 5 ? 2 : word.length >= 3 ? 1 : 0;
}
