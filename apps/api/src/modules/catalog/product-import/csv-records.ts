import type { ImportRowError } from '@cartwheel/shared/contracts/product-import';
import { parse } from 'csv-parse/sync';

/** One data record of a CSV file and the line it starts on (1 is the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvRead = { header: string[]; records: CsvRecord[] } | { error: ImportRowError };

/** Reads CSV text into its header and records, each with the file's own line number. */
export function readCsvRecords(text: string): CsvRead {
  let parsed: Array<{ record: string[]; info: { lines: number }; raw: string }>;
  try {
    parsed = parse(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const message = error instanceof Error ? error.message.replace(/^[A-Za-z ]+: /, '') : 'unreadable';
    return { error: { line, field: null, message: `The file is not valid CSV: ${message}` } };
  }
  const [header, ...data] = parsed;
  if (!header) return { error: { line: 1, field: null, message: 'The file is empty' } };
  return {
    header: header.record,
    records: data.map(({ record, info, raw }) => ({
      // csv-parse reports the line a record ends on; a quoted cell may span several lines.
      line:
        info.lines -
        (raw
          .replace(/^[\r\n]+/, '')
          .replace(/\r?\n$/, '')
          .match(/\n/g)?.length ?? 0),
      cells: record,
    })),
  };
}
