import indefinite from 'indefinite';
import {
  AFTER_ADJECTIVE,
  AFTER_PARTICIPLE,
  ARTICLE_EITHER,
  ARTICLE_OVERRIDES,
  DOUBLE_OK,
  GLUED_UNIT_SPELLING,
  ITS_ADJECTIVES,
  ITS_IS_BEFORE,
  ITS_PARTICIPLES,
  ITS_POSSESSED,
  MISSPELLINGS,
  NOT_AFTER_ARTICLE,
  NOT_AFTER_INCH,
  UNIT_SPELLING,
} from './copy-words.ts';

// Grammar rules of the offline improver, each a pure function of one line of text. Each rule only
// makes a change that is right whatever the text means; where the meaning decides (a noun or an
// adjective after "its"), the text stays as written. Running a rule twice changes nothing more.

/**
 * Letters and digits: what a word is made of here (an apostrophe or hyphen joins a word's parts).
 * The typographic apostrophe is written \u2019 here and in the regular expressions below: the bundle
 * keeps these as written, and one character outside Latin-1 makes V8 hold the whole bundle's source
 * in two bytes per character (scripts/targets.mjs checks).
 */
const WORD_EDGE_BEFORE = String.raw`(?<![\p{L}\p{N}'\u2019\-_])`;
const WORD_EDGE_AFTER = String.raw`(?![\p{L}\p{N}'\u2019_])`;

/** The case of `like` laid onto `word`: "The" for "the" after "Teh", "RECEIVE" after "RECIEVE". */
function inCaseOf(like: string, word: string): string {
  const likeWords = like.split(/ +/);
  const words = word.split(' ');
  if (likeWords.length > 1 && likeWords.length === words.length) {
    return words.map((w, i) => inCaseOf(likeWords[i]!, w)).join(' ');
  }
  if (like.length > 1 && like === like.toUpperCase() && like !== like.toLowerCase())
    return word.toUpperCase();
  if (like[0] !== like[0]!.toLowerCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

// --- Protected spans: URLs, email addresses, code and SKUs are never edited ---------------------

const PROTECTED = new RegExp(
  [
    '`[^`\\n]+`',
    String.raw`\b(?:https?|ftp):\/\/[^\s<>"]+`,
    String.raw`\bwww\.[^\s<>"]+`,
    String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
    String.raw`\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|shop|store|co|uk|de|fr|eu|us|ca|app|dev)\b(?:\/[^\s<>"]*)?`,
    // SKUs and part numbers: "MUG-12OZ", "TS_001B", "B07XYZ123" (a capital letter and a digit).
    String.raw`(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Z])[A-Za-z\d]+(?:[-_/][A-Za-z\d]+)+(?![\w-])`,
    String.raw`(?<![\w-])(?=[A-Z\d]*\d)[A-Z][A-Z\d]{3,}(?![\w-])`,
    // Identifiers: snake_case.
    String.raw`(?<![\w-])[A-Za-z\d]*_\w*`,
  ].join('|'),
  'gu',
);
const PLACEHOLDER = /[\uE000-\uF8FF]/gu;

/**
 * Runs `edit` on the text with every URL, email address, `code` span and SKU swapped for a
 * placeholder (a private-use character, which no rule reads as a letter or digit), then puts them back.
 */
export function withProtectedSpans(text: string, edit: (text: string) => string): string {
  if (PLACEHOLDER.test(text)) return edit(text);
  const spans: string[] = [];
  const masked = text.replace(PROTECTED, (span) => {
    // A full stop or comma right after a URL ends the sentence; it is not part of the address.
    const trailing = /[.,;:!?)]+$/.exec(span)?.[0] ?? '';
    spans.push(span.slice(0, span.length - trailing.length));
    return String.fromCharCode(0xe000 + spans.length - 1) + trailing;
  });
  return edit(masked).replace(PLACEHOLDER, (c) => spans[c.charCodeAt(0) - 0xe000] ?? c);
}

/** True for a placeholder left by withProtectedSpans. */
export const isPlaceholder = (c: string) => /^[\uE000-\uF8FF]$/u.test(c);

// --- Misspellings -------------------------------------------------------------------------------

const MISSPELLING = new RegExp(
  `${WORD_EDGE_BEFORE}(${Object.keys(MISSPELLINGS)
    .map((word) => word.replace(/ /g, ' +'))
    .join('|')})${WORD_EDGE_AFTER}`,
  'giu',
);

/** "recieve" -> "receive", "stainless steal" -> "stainless steel": a short list of shop words. */
export function fixMisspellings(text: string): string {
  return text.replace(MISSPELLING, (found) => {
    const right = MISSPELLINGS[found.toLowerCase().replace(/ +/g, ' ')];
    return right ? inCaseOf(found, right) : found;
  });
}

// --- Doubled words ------------------------------------------------------------------------------

const DOUBLED = new RegExp(`${WORD_EDGE_BEFORE}(\\p{L}+)( +)\\1${WORD_EDGE_AFTER}`, 'giu');

/** "the the" -> "the"; words meant twice ("pom pom", "had had") stay. */
export function dropDoubledWords(text: string): string {
  let previous: string;
  let result = text;
  do {
    previous = result;
    result = result.replace(DOUBLED, (all, word: string) => (DOUBLE_OK.has(word.toLowerCase()) ? all : word));
  } while (result !== previous);
  return result;
}

// --- Units --------------------------------------------------------------------------------------

const NUMBER = String.raw`(?<![\p{L}\p{N}.,\-\/_])((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)`;
const GLUED_UNIT = new RegExp(`${NUMBER}(\\p{L}+)(?![\\p{L}\\p{N}])`, 'gu');
const SPACED_UNIT = new RegExp(`${NUMBER}( +)(\\p{L}{2,3})(?![\\p{L}\\p{N}'’])`, 'gu');
const INCHES = new RegExp(`${NUMBER}(?:(["″”])|(inch|inches)(?![\\p{L}\\p{N}]))(?=(?: (\\p{L}+))?)`, 'gu');

/** A unit's usual spelling; "mL" is kept, and so are "Mb", "Gb", "Tb" (bits, not bytes). */
function unitSpelling(unit: string): string | undefined {
  if (unit === 'mL' || /^[MGT]b$/.test(unit)) return unit;
  return UNIT_SPELLING[unit.toLowerCase()];
}

/**
 * A quotation mark that closes a quotation ('the "Model 15" range') is not an inch mark. Marks right
 * after a number outside a quotation are inch marks and do not open one.
 */
function closesQuote(text: string, offset: number, mark: string): boolean {
  if (mark === '″') return false;
  if (mark === '”') {
    const before = text.slice(0, offset);
    return before.split('“').length > before.split('”').length;
  }
  let open = false;
  for (let i = text.indexOf('"'); i !== -1 && i < offset; i = text.indexOf('"', i + 1)) {
    if (open || !/\d/.test(text[i - 1] ?? '')) open = !open;
  }
  return open;
}

/**
 * A space between a number and its unit, units spelled the usual way ("12oz" -> "12 oz",
 * "5 KG" -> "5 kg", "5000mah" -> "5000 mAh"), and inches in words ('15" laptop' -> "15-inch laptop").
 */
export function fixUnits(text: string): string {
  return text
    .replace(
      INCHES,
      (all, amount: string, mark?: string, glued?: string, beforeWord?: string, offset?: number) => {
        if (mark && closesQuote(text, offset!, mark)) return all;
        // 6'1": feet and inches, written as such.
        if (/['\u2019]$/.test(text.slice(0, offset))) return all;
        if (glued === 'inches') return `${amount} inches`;
        // "15-inch laptop", but "18 inches long".
        if (beforeWord && !NOT_AFTER_INCH.has(beforeWord.toLowerCase())) return `${amount}-inch`;
        if (glued || amount === '1') return `${amount} inch`;
        return `${amount} inches`;
      },
    )
    .replace(GLUED_UNIT, (all, amount: string, unit: string) => {
      const spelled = GLUED_UNIT_SPELLING[unit] ?? unitSpelling(unit);
      return spelled ? `${amount} ${spelled}` : all;
    })
    .replace(SPACED_UNIT, (all, amount: string, space: string, unit: string) => {
      const spelled = unitSpelling(unit);
      return spelled ? `${amount}${space}${spelled}` : all;
    });
}

// --- its / it's ---------------------------------------------------------------------------------

const ITS = new RegExp(
  `${WORD_EDGE_BEFORE}(its|it['’]s)( +)([\\p{L}][\\p{L}'’-]*)(?=([^\\p{L}\\p{N}\\s]*)(?: +([\\p{L}]+))?)`,
  'giu',
);

/** "its good" -> "it's good", "it's handle" -> "its handle", only where one reading is possible. */
export function fixItsAndItIs(text: string): string {
  return text.replace(
    ITS,
    (all, its: string, space: string, next: string, mark: string, after: string | undefined) => {
      const word = next.toLowerCase();
      const then = after?.toLowerCase();
      if (its.length === 3) {
        const ends = mark !== '' || then === undefined;
        const isItIs =
          ITS_IS_BEFORE.has(word) ||
          (ITS_ADJECTIVES.has(word) && (ends || AFTER_ADJECTIVE.has(then!))) ||
          (ITS_PARTICIPLES.has(word) && mark === '' && then !== undefined && AFTER_PARTICIPLE.has(then));
        return isItIs ? `${inCaseOf(its, "it's")}${space}${next}` : all;
      }
      return ITS_POSSESSED.has(word) ? `${its[0]}ts${space}${next}` : all;
    },
  );
}

// --- a / an -------------------------------------------------------------------------------------

/**
 * "a" or "an" for the word that follows, or null when either is written ("a/an historic") or the
 * word is not one an article goes before.
 */
export function articleFor(word: string): 'a' | 'an' | null {
  const lead = /^[\p{L}\p{N}]+/u.exec(word)?.[0];
  if (!lead) return null;
  const lower = lead.toLowerCase();
  if (ARTICLE_EITHER.has(lower) || NOT_AFTER_ARTICLE.has(lower)) return null;
  const override = ARTICLE_OVERRIDES[lower];
  if (override) return override;
  // "MP3", "USB3": read as letters.
  const letters = /^([A-Z]+)\d+$/.exec(lead)?.[1];
  return indefinite(letters ?? lead, { articleOnly: true }) === 'an' ? 'an' : 'a';
}

// A capital "A" inside a sentence is a label ("grade A"), so only a lower-case article is read, or
// one that starts a sentence.
const ARTICLE = new RegExp(
  `(?:(?<=^|[.!?:]["'”’)]* +)(A|An|AN)|${WORD_EDGE_BEFORE}(a|an))( +)(?=([\\p{L}\\p{N}][\\p{L}\\p{N}'’.-]*))`,
  'gu',
);

/** "a enamel mug" -> "an enamel mug", "an unit" -> "a unit", "an one-off" -> "a one-off". */
export function fixArticles(text: string): string {
  return text.replace(
    ARTICLE,
    (all, capital: string | undefined, lower: string | undefined, space: string, next: string) => {
      const written = (capital ?? lower)!;
      const right = articleFor(next);
      if (!right || right === written.toLowerCase()) return all;
      return `${inCaseOf(written, right)}${space}`;
    },
  );
}

/**
 * Every rule above, in an order where each one sees the words the ones before it fixed, again until
 * nothing changes ("a an apple" -> "a a apple" -> "an apple"), so a second run finds nothing to do.
 */
export function applyCopyRules(text: string): string {
  let result = text;
  for (let pass = 0; pass < 4; pass++) {
    const next = fixArticles(fixItsAndItIs(fixUnits(dropDoubledWords(fixMisspellings(result)))));
    if (next === result) break;
    result = next;
  }
  return result;
}
