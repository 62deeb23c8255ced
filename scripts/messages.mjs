// The message catalogs (decision 0068): every language has exactly the English catalog's keys, every
// message is valid ICU MessageFormat with the English message's placeholders, and every key is used in
// the code. Writes the storefront's compiled catalogs (what Lingui's runtime reads in the browser).
//
//   node scripts/messages.mjs           check, then write apps/storefront/src/i18n/compiled/*.json
//   node scripts/messages.mjs --check   check only, and fail when a compiled catalog is out of date

import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { ROOT } from './targets.mjs';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja'];

const SETS = [
  {
    name: 'storefront',
    messages: join(ROOT, 'apps/storefront/src/i18n/messages'),
    compiled: join(ROOT, 'apps/storefront/src/i18n/compiled'),
    sources: [join(ROOT, 'apps/storefront/src')],
  },
  {
    name: 'email',
    messages: join(ROOT, 'apps/api/src/modules/email/messages'),
    // The printed documents take their words from the email catalogs too (decision 0088).
    sources: [join(ROOT, 'apps/api/src/modules/email'), join(ROOT, 'apps/api/src/modules/documents')],
  },
];

const KEY_LITERAL = /['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/g;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** The names a message's placeholders use ({name}, {count, plural, ...}). */
function placeholders(compiled, into = new Set()) {
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    into.add(token[0]);
    const choices = token[2];
    if (choices && typeof choices === 'object' && !Array.isArray(choices)) {
      for (const [key, value] of Object.entries(choices)) if (key !== 'offset') placeholders(value, into);
    }
  }
  return into;
}

/**
 * A compiled message with each plural as a select on `{name#plural}` and each `#` in it as `{name#}`,
 * which the storefront's translator fills with the count's form and its digits (withCounts in
 * apps/storefront/src/i18n/i18n.tsx): Lingui would write every plural's count with Intl.NumberFormat,
 * whose first use on a page costs tens of milliseconds of main thread. Plurals with an offset or an
 * exact case (`=0`) stay Lingui's own.
 */
export function ownCounts(message, counted) {
  if (!Array.isArray(message)) return message;
  return message.map((token) => {
    if (token === '#' && counted) return [`${counted}#`];
    if (!Array.isArray(token) || typeof token[2] !== 'object' || token[2] === null) return token;
    const [name, type, cases] = token;
    const ours = type === 'plural' && Object.keys(cases).every((key) => /^[a-z]+$/.test(key));
    const own = Object.entries(cases).map(([key, value]) => [key, ownCounts(value, ours ? name : undefined)]);
    return ours
      ? [`${name}#plural`, 'select', Object.fromEntries(own)]
      : [name, type, Object.fromEntries(own)];
  });
}

/**
 * The problems of the catalogs of `sets` (an empty list when all is well). `write`: write the compiled
 * catalogs; otherwise a compiled catalog out of date is a problem.
 */
export function checkCatalogs(sets, { write = false, languages = LANGUAGES } = {}) {
  const problems = [];
  const check = !write;
  for (const set of sets) {
    const catalogs = Object.fromEntries(
      languages.map((lang) => {
        const file = join(set.messages, `${lang}.json`);
        if (!existsSync(file)) {
          problems.push(`${set.name}: ${lang}.json is missing`);
          return [lang, {}];
        }
        return [lang, JSON.parse(readFileSync(file, 'utf8'))];
      }),
    );
    const english = catalogs.en;
    const used = new Set();
    for (const file of set.sources.flatMap(sourceFiles)) {
      for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) used.add(match[1]);
    }
    for (const key of Object.keys(english)) {
      if (!used.has(key)) problems.push(`${set.name}: "${key}" is used nowhere in the code`);
    }
    for (const lang of languages) {
      const catalog = catalogs[lang];
      const compiled = {};
      for (const key of Object.keys(english)) {
        if (!(key in catalog)) {
          problems.push(`${set.name}/${lang}: "${key}" is missing`);
          continue;
        }
        try {
          const message = compileMessageOrThrow(catalog[key]);
          const want = [...placeholders(compileMessageOrThrow(english[key]))].sort().join(',');
          const have = [...placeholders(message)].sort().join(',');
          if (want !== have) problems.push(`${set.name}/${lang}: "${key}" uses {${have}}, English {${want}}`);
          compiled[key] = ownCounts(message);
        } catch (error) {
          problems.push(`${set.name}/${lang}: "${key}" is not valid ICU MessageFormat: ${error.message}`);
        }
      }
      for (const key of Object.keys(catalog)) {
        if (!(key in english)) problems.push(`${set.name}/${lang}: "${key}" is not in the English catalog`);
      }
      if (!set.compiled) continue;
      const text = `${JSON.stringify(compiled)}\n`;
      const file = join(set.compiled, `${lang}.json`);
      if (check) {
        if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
          problems.push(`${set.name}/${lang}: compiled catalog out of date (run node scripts/messages.mjs)`);
        }
      } else {
        writeFileSync(file, text);
      }
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const problems = checkCatalogs(SETS, { write: !check });
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(check ? 'messages: every catalog complete and used' : 'messages: compiled catalogs written');
}
