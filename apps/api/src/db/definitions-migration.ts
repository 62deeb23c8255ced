// `npm run db:functions [-- name]`: migrates a scratch database, compares its functions and triggers
// with db/functions and db/triggers (definitions.ts), and writes the migration that makes the database
// hold what the files hold, checked by running it on the scratch database first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { type Db, openDatabase } from './client.ts';
import {
  type DefinitionDiff,
  type DefinitionFiles,
  diffDefinitions,
  inRolledBackTransaction,
  quote,
  readDefinitionFiles,
  runStatement,
} from './definitions.ts';

/** True when CREATE OR REPLACE cannot change the function as the file does (return type, names). */
async function needsDrop(db: Db, statement: string): Promise<boolean> {
  try {
    await inRolledBackTransaction(db, (tx) => tx.execute(sql.raw(statement)));
    return false;
  } catch {
    return true;
  }
}

/**
 * The statements that turn the database's functions and triggers into the files': triggers that
 * change or go are dropped first and created last, a function is replaced in place where PostgreSQL
 * allows it and dropped and created where its signature or result changes.
 */
export async function migrationStatements(
  db: Db,
  diff: DefinitionDiff,
  files: DefinitionFiles,
): Promise<string[]> {
  const dropTriggers: string[] = [];
  const createTriggers: string[] = [];
  for (const trigger of diff.triggers) {
    if (trigger.database)
      dropTriggers.push(`DROP TRIGGER ${quote(trigger.name)} ON public.${quote(trigger.table)};`);
    if (trigger.file) createTriggers.push(`${trigger.file};`);
  }
  const replace: string[] = [];
  const dropRemoved: string[] = [];
  for (const fn of diff.functions) {
    const statement = files.functions.get(fn.name);
    if (statement === undefined) {
      for (const old of fn.database) dropRemoved.push(`DROP FUNCTION public.${old.signature};`);
      continue;
    }
    const sameSignatures =
      fn.database.length === fn.file.length &&
      fn.database.every((old, i) => old.signature === fn.file[i]?.signature);
    if (fn.database.length && (!sameSignatures || (await needsDrop(db, statement)))) {
      for (const old of fn.database) replace.push(`DROP FUNCTION public.${old.signature};`);
    }
    replace.push(statement);
  }
  return [...dropTriggers, ...replace, ...dropRemoved, ...createTriggers];
}

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/** Adds `statements` as the next migration (file and journal entry) and returns its file name. */
export function writeMigration(statements: string[], name: string, dir = MIGRATIONS_DIR): string {
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal & Record<string, unknown>;
  const last = journal.entries.at(-1);
  const idx = (last?.idx ?? -1) + 1;
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  // The migrator runs the migrations newer than the last one it ran, by this time.
  const when = Math.max(Date.now(), (last?.when ?? 0) + 1);
  journal.entries.push({ idx, version: '7', when, tag, breakpoints: true });
  const header =
    '-- Written by `npm run db:functions` from apps/api/src/db/functions and apps/api/src/db/triggers.\n';
  writeFileSync(join(dir, `${tag}.sql`), `${header}${statements.join('--> statement-breakpoint\n')}\n`);
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  return `${tag}.sql`;
}

/** Describes a difference for a person: which function or trigger, and which side lacks it. */
export function describeDiff(diff: DefinitionDiff): string[] {
  const lines: string[] = [];
  for (const fn of diff.functions) {
    if (!fn.file.length) lines.push(`function ${fn.name}: in the database, no file functions/${fn.name}.sql`);
    else if (!fn.database.length)
      lines.push(`function ${fn.name}: functions/${fn.name}.sql, not in the database`);
    else lines.push(`function ${fn.name}: functions/${fn.name}.sql differs from the database's definition`);
  }
  for (const t of diff.triggers) {
    const where = `trigger ${t.name} on ${t.table}`;
    if (!t.file) lines.push(`${where}: in the database, not in triggers/${t.table}.sql`);
    else if (!t.database) lines.push(`${where}: in triggers/${t.table}.sql, not in the database`);
    else lines.push(`${where}: triggers/${t.table}.sql differs from the database's definition`);
  }
  return lines;
}

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'functions';
  if (!/^[a-z0-9_]+$/.test(name))
    throw new Error(`A migration name is lower-case words joined by _, not "${name}"`);
  const database = await openDatabase({});
  try {
    await database.migrate();
    const files = readDefinitionFiles();
    const diff = await diffDefinitions(database.db, files);
    if (!diff.functions.length && !diff.triggers.length) {
      console.log('The migrations already make every function and trigger as the files hold them.');
      return;
    }
    for (const line of describeDiff(diff)) console.log(line);
    const statements = await migrationStatements(database.db, diff, files);
    await database.db.transaction(async (tx) => {
      for (const statement of statements) await runStatement(tx, statement, 'the new migration');
    });
    const left = await diffDefinitions(database.db, files);
    if (left.functions.length || left.triggers.length) {
      throw new Error(`The migration would leave differences:\n${describeDiff(left).join('\n')}`);
    }
    console.log(`Wrote apps/api/src/db/migrations/${writeMigration(statements, name)}`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
