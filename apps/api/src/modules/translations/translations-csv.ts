import {
  TRANSLATABLE_FIELDS,
  TRANSLATION_CSV_COLUMNS,
  TRANSLATION_TYPES,
} from '@cartwheel/shared/contracts/translations';
import { guardCell, unguardCell } from '@cartwheel/shared/csv-cell';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { loadTranslations, translationKey } from './translated-sql.ts';
import { readOriginals, shopLanguages, type TranslationWrite } from './translations.service.ts';

/**
 * Every translatable field with text, once per language (one language, or each of the shop's):
 * type, key, field, locale, the English original and the translation ('' when there is none), for a
 * translator to fill in and import back.
 */
export async function exportTranslationsCsv(db: Db, language: string | undefined): Promise<string> {
  const languages = language ? [language] : await shopLanguages(db);
  const originals = (await Promise.all(TRANSLATION_TYPES.map((t) => readOriginals(db, t, 'all')))).flat();
  const rows: string[][] = [];
  for (const lang of languages) {
    const stored = await loadTranslations(db, lang, TRANSLATION_TYPES);
    for (const o of originals) {
      for (const field of TRANSLATABLE_FIELDS[o.type]) {
        const original = o.fields[field] ?? '';
        const translation = stored.get(translationKey(o.type, o.key, field)) ?? '';
        if (original === '' && translation === '') continue;
        rows.push([o.type, o.key, field, lang, guardCell(original), guardCell(translation)]);
      }
    }
  }
  return stringify([[...TRANSLATION_CSV_COLUMNS], ...rows]);
}

/**
 * The CSV's rows as writes: the header must name every column; an empty translation removes one.
 * Rows are checked against the originals by saveTranslations.
 */
export function parseTranslationsCsv(text: string): TranslationWrite[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw invalid('invalid_csv', `The file is not valid CSV: ${(error as Error).message}`);
  }
  const [header = [], ...body] = records;
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = TRANSLATION_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) {
    throw invalid(
      'invalid_csv',
      `The CSV needs the columns ${TRANSLATION_CSV_COLUMNS.join(', ')}; missing: ${missing.join(', ')}`,
    );
  }
  if (body.length === 0) throw invalid('invalid_csv', 'The CSV has no rows');
  const at = (row: string[], column: (typeof TRANSLATION_CSV_COLUMNS)[number]) =>
    (row[names.indexOf(column)] ?? '').trim();
  return body.map((row) => ({
    type: at(row, 'type') as TranslationWrite['type'],
    key: at(row, 'key'),
    field: at(row, 'field'),
    language: at(row, 'locale').toLowerCase(),
    original: unguardCell(row[names.indexOf('original')] ?? ''),
    value: unguardCell(row[names.indexOf('translation')] ?? ''),
  }));
}
