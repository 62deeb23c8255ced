import { applyCopyRules, isPlaceholder, withProtectedSpans } from './copy-rules.ts';
import type { ProductCopy, ProductImprover } from './product-improver.ts';

// The offline improver: deterministic copy editing. It tidies casing, spacing and punctuation, makes
// the first sentence stand on its own and fixes common errors (a/an, its/it's, doubled words, units,
// misspellings: copy-rules.ts). It never reorders words or adds a fact, URLs, SKUs and code stay as
// written, and running it twice gives the same text as running it once.

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'vs',
  'via',
  'with',
]);
const UNITS = new Set([
  'oz',
  'fl',
  'ml',
  'l',
  'cl',
  'g',
  'kg',
  'mg',
  'lb',
  'lbs',
  'in',
  'ft',
  'cm',
  'mm',
  'm',
  'km',
  'w',
  'v',
  'mah',
  'gb',
  'tb',
  'pc',
  'pcs',
  'pk',
  'x',
  'inch',
  'inches',
]);
/** Common abbreviations that are written in capitals in a product name. */
const ACRONYMS = new Set([
  'usb',
  'led',
  'lcd',
  'uv',
  'hd',
  'uhd',
  'gps',
  'diy',
  'bpa',
  'xs',
  'xl',
  'xxl',
  'xxxl',
  'ac',
  'dc',
]);
/** Endings of web addresses: "cartwheel.shop" is not two sentences. */
const WEB_ENDINGS = new Set([
  'com',
  'org',
  'net',
  'io',
  'shop',
  'store',
  'co',
  'uk',
  'de',
  'fr',
  'eu',
  'us',
  'ca',
  'app',
  'dev',
]);
/** Words after which a period does not end the sentence. */
const ABBREVIATIONS =
  /(?:\b(?:e\.g|i\.e|etc|approx|vs|incl|no|dia|ca|min|max|mr|mrs|ms|dr|st)|\b[A-Za-z]|\d\s?(?:in|ft|oz|lbs?|pcs?|qt|gal|yd))\.$/i;

const letters = (text: string) => text.replace(/[^\p{L}]/gu, '');
const isShouting = (text: string, minLetters: number) => {
  const l = letters(text);
  return l.length >= minLetters && l === l.toUpperCase() && l !== l.toLowerCase();
};

/** Whitespace and punctuation spacing shared by names and descriptions (one line of text). */
function tidySpacing(text: string): string {
  return (
    text
      .replace(/[\t\u00a0 ]+/g, ' ')
      // No space before , . ; : ! ? or a closing bracket; none after an opening bracket.
      .replace(/ +([,.;:!?)\]])/g, '$1')
      .replace(/([([]) +/g, '$1')
      // Repeated marks: "!!!" -> "!", "??" -> "?", ",," -> ","; an ellipsis "..." stays.
      .replace(/!{2,}/g, '!')
      .replace(/\?{2,}/g, '?')
      .replace(/,{2,}/g, ',')
      .replace(/;{2,}/g, ';')
      .replace(/(^|[^.])\.\.(?!\.)/g, '$1.')
      // A space after , ; : when a letter follows ("soft,warm" -> "soft, warm"; "1,000" and "3:30" stay).
      .replace(/([,;:])(?=\p{L})/gu, '$1 ')
      // A space after ! ? when a letter follows, and after . before a capital ("warm.Great").
      .replace(/([!?])(?=\p{L})/gu, '$1 ')
      .replace(/([a-z\d)])\.(?=\p{Lu}\p{Ll})/gu, '$1. ')
      // ...and between two words run together by a full stop ("pre-shrunk.machine"), web addresses aside.
      .replace(/(\p{Ll}{2,})\.(\p{Ll}{2,})/gu, (all, before: string, after: string) =>
        WEB_ENDINGS.has(after) ? all : `${before}. ${after}`,
      )
      .trim()
  );
}

function capitalizeFirstLetter(word: string): string {
  return word.replace(/\p{L}/u, (c) => c.toUpperCase());
}

/** Title case for a product name; words with their own casing (iPhone, USB-C, 4K) are kept. */
export function tidyName(name: string): string {
  return withProtectedSpans(name.normalize('NFC').replace(/\s+/g, ' '), titleCase);
}

function titleCase(name: string): string {
  let text = tidySpacing(name)
    .replace(/[\s.,;:]+$/, '')
    .trim();
  if (isShouting(text, 4) && text.includes(' ')) text = text.toLowerCase();
  // The rules run on the title-cased words, where "A" and "An" inside a name are articles again,
  // and words they add ("15 inches") are title-cased after them.
  return capitalizeWords(applyCopyRules(capitalizeWords(text)));
}

function capitalizeWords(text: string): string {
  const words = text.split(' ');
  return words
    .map((word, i) => {
      if (!word) return word;
      const bare = word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
      const lower = bare.toLowerCase();
      const previous = words[i - 1]?.replace(/[^\p{L}\d.]/gu, '') ?? '';
      // "32 oz", "10 in": units after a number stay lower case.
      if (/^\d+(\.\d+)?$/.test(previous) && UNITS.has(lower) && bare === lower) return word;
      // Words that carry their own casing or digits are left alone.
      if (bare !== lower && bare !== capitalizeFirstLetter(lower)) return word;
      if (/\d/.test(bare)) return word;
      const isEdge = i === 0 || i === words.length - 1 || /[:\u2013\u2014-]$/.test(words[i - 1] ?? '');
      if (!isEdge && SMALL_WORDS.has(lower)) return word.replace(bare, lower);
      // "all-weather" -> "All-Weather", "usb-c" -> "USB-C".
      return word
        .split('-')
        .map((part) => {
          const letters = part.replace(/[^\p{L}\d]/gu, '').toLowerCase();
          if (ACRONYMS.has(letters) || /^\p{L}$/u.test(part)) return part.toUpperCase();
          return part === part.toLowerCase() ? capitalizeFirstLetter(part) : part;
        })
        .join('-');
    })
    .join(' ');
}

/** Capitalizes the start of every sentence in a run of text. */
function sentenceCase(text: string): string {
  let result = '';
  let startOfSentence = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (startOfSentence && /\p{L}/u.test(c)) {
      // Leave words like "iPhone" or "eBay" alone.
      const word = /^[\p{L}\d-]+/u.exec(text.slice(i))?.[0] ?? c;
      result += word.slice(1) !== word.slice(1).toLowerCase() ? c : c.toUpperCase();
      startOfSentence = false;
      continue;
    }
    if (startOfSentence && (/\d/.test(c) || isPlaceholder(c))) startOfSentence = false;
    result += c;
    if (/[.!?]/.test(c) && text[i + 1] === ' ' && !ABBREVIATIONS.test(text.slice(0, i + 1))) {
      startOfSentence = true;
    }
  }
  return result;
}

const LIST_ITEM = /^\s*(?:[-*\u2022\u2013]|\d+[.)])\s+/;

function endWithPunctuation(text: string): string {
  if (!text || /[.!?:\u2026]["'\u201d\u2019)]*$/.test(text)) return text;
  return `${text}.`;
}

/** A very long first sentence joined by a semicolon becomes two sentences. */
function clearFirstSentence(paragraph: string): string {
  const end = paragraph.search(/[.!?](\s|$)/);
  const first = end === -1 ? paragraph : paragraph.slice(0, end + 1);
  if (first.split(' ').length <= 25) return paragraph;
  const semicolon = first.indexOf('; ');
  if (semicolon === -1) return paragraph;
  return `${paragraph.slice(0, semicolon)}. ${capitalizeFirstLetter(paragraph.slice(semicolon + 2))}`;
}

/** Paragraphs and list items tidied: spacing, punctuation, sentence case, a full stop at the end. */
export function tidyDescription(description: string): string {
  const text = description.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  return text ? withProtectedSpans(text, tidyParagraphs) : '';
}

/** A line of prose: spacing, the grammar rules, then capitals at the start of each sentence. */
const tidyLine = (line: string) => sentenceCase(applyCopyRules(tidySpacing(line)));

function tidyParagraphs(description: string): string {
  let text = description;
  if (isShouting(text, 20)) text = text.toLowerCase();
  const paragraphs = text.split(/\n\s*\n+/);
  return paragraphs
    .map((paragraph, index) => {
      const lines = paragraph.split('\n').filter((line) => line.trim());
      if (lines.length > 1 && lines.every((line) => LIST_ITEM.test(line))) {
        // A list: one tidy item per line, its marker kept as written.
        return lines
          .map((line) => {
            const marker = LIST_ITEM.exec(line)![0].trim();
            return `${marker} ${tidyLine(line.replace(LIST_ITEM, ''))}`;
          })
          .join('\n');
      }
      let prose = tidyLine(lines.join(' '));
      if (index === 0) prose = clearFirstSentence(prose);
      return endWithPunctuation(prose);
    })
    .join('\n\n');
}

export function createLocalImprover(): ProductImprover {
  return {
    mode: { provider: 'local', model: null },
    async improve(input: ProductCopy) {
      return { name: tidyName(input.name), description: tidyDescription(input.description) };
    },
  };
}
