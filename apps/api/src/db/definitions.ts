// Library module: the database's functions and triggers as the files in db/functions and db/triggers
// hold them (db/functions/README.md), compared with what a migrated database has. The test in
// definitions.test.ts fails on any difference; `npm run db:functions` writes the migration that
// closes it (definitions-migration.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { API_ROOT } from '../lib/paths.ts';
import { type Db, queryRows, type Tx } from './client.ts';

export const FUNCTIONS_DIR = join(API_ROOT, 'src/db/functions');
export const TRIGGERS_DIR = join(API_ROOT, 'src/db/triggers');

/** The files: a function's statement by its name, a table's trigger statements by the table's name. */
export interface DefinitionFiles {
  functions: Map<string, string>;
  triggers: Map<string, string[]>;
}

/** One function of the public schema: name, `name(argument types)` and pg_get_functiondef's text. */
export interface FunctionDef {
  name: string;
  signature: string;
  definition: string;
}

/** One trigger on a table of the public schema, as pg_get_triggerdef prints it. */
export interface TriggerDef {
  table: string;
  name: string;
  definition: string;
}

/** What differs, each side in PostgreSQL's own canonical text. */
export interface DefinitionDiff {
  /** Functions whose file defines other signatures or another text than the database has. */
  functions: { name: string; database: FunctionDef[]; file: FunctionDef[] }[];
  /** Triggers whose file statement differs from the database's, or that only one side has. */
  triggers: { table: string; name: string; database?: string; file?: string }[];
}

function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
}

/** Splits a file into statements: a statement ends at a line ending in `;` (comment lines aside). */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    current.push(line);
    if (!line.trimStart().startsWith('--') && line.trimEnd().endsWith(';')) {
      statements.push(current.join('\n').trim());
      current = [];
    }
  }
  if (current.join('').trim())
    throw new Error(`A statement does not end in ";": ${current.join('\n').trim()}`);
  return statements;
}

/** Reads db/functions (one function a file, named after it) and db/triggers (one table a file). */
export function readDefinitionFiles(): DefinitionFiles {
  const functions = new Map<string, string>();
  for (const file of sqlFiles(FUNCTIONS_DIR)) {
    functions.set(basename(file, '.sql'), readFileSync(join(FUNCTIONS_DIR, file), 'utf8').trim());
  }
  const triggers = new Map<string, string[]>();
  for (const file of sqlFiles(TRIGGERS_DIR)) {
    triggers.set(basename(file, '.sql'), splitStatements(readFileSync(join(TRIGGERS_DIR, file), 'utf8')));
  }
  return { functions, triggers };
}

/** Every function of the public schema that no extension owns. */
export function databaseFunctions(db: Db | Tx): Promise<FunctionDef[]> {
  return queryRows<FunctionDef>(
    db,
    sql`SELECT p.proname AS name, p.oid::regprocedure::text AS signature,
        pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND NOT EXISTS (SELECT FROM pg_depend d
        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1, 2`,
  );
}

/** Every trigger a statement made (not a constraint's) on a table of the public schema. */
export function databaseTriggers(db: Db | Tx): Promise<TriggerDef[]> {
  return queryRows<TriggerDef>(
    db,
    sql`SELECT c.relname AS table, t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND n.nspname = 'public'
      ORDER BY 1, 2`,
  );
}

const ROLLBACK = Symbol('rollback');

/** Runs `work` in a transaction that is always rolled back, and returns what it returned. */
export async function inRolledBackTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await work(tx);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return result as T;
}

/** Runs one statement; a failure names `source` and says PostgreSQL's reason. */
export async function runStatement(tx: Tx, statement: string, source: string): Promise<void> {
  try {
    await tx.execute(sql.raw(statement));
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new Error(`${source}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Definitions as PostgreSQL prints them back: inside a transaction that is rolled back, every trigger
 * and every function named here is dropped, the statements are run, and PostgreSQL's own text of what
 * they made is read. Bodies are not checked here (a function may call one created after it); the
 * migrations check them.
 */
export function canonicalDefinitions(
  db: Db,
  definitions: { functions: Map<string, string[]>; triggers: Map<string, string[]> },
): Promise<{ functions: FunctionDef[]; triggers: TriggerDef[] }> {
  return inRolledBackTransaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL check_function_bodies = off`);
    // One statement for all the drops: each statement is a round trip, and there are hundreds.
    const names = JSON.stringify([...definitions.functions.keys()]);
    await tx.execute(sql`SELECT set_config('cartwheel.definitions', ${names}, true)`);
    await tx.execute(sql`DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND n.nspname = 'public' LOOP
        EXECUTE format('DROP TRIGGER %I ON public.%I', r.tgname, r.relname);
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public' AND p.proname IN (SELECT jsonb_array_elements_text(current_setting('cartwheel.definitions')::jsonb)) LOOP
        EXECUTE format('DROP FUNCTION %s CASCADE', r.signature);
      END LOOP;
    END $$`);
    for (const [name, statements] of definitions.functions) {
      for (const statement of statements) await runStatement(tx, statement, `functions/${name}.sql`);
    }
    const made = new Set<string>();
    for (const [table, statements] of definitions.triggers) {
      for (const statement of statements) await runStatement(tx, statement, `triggers/${table}.sql`);
      for (const trigger of await databaseTriggers(tx)) {
        const key = `${trigger.table}.${trigger.name}`;
        if (made.has(key)) continue;
        made.add(key);
        if (trigger.table !== table) {
          throw new Error(
            `triggers/${table}.sql: trigger ${trigger.name} is on ${trigger.table}, not on ${table}`,
          );
        }
      }
    }
    const functions = (await databaseFunctions(tx)).filter((fn) => definitions.functions.has(fn.name));
    for (const name of definitions.functions.keys()) {
      if (!functions.some((fn) => fn.name === name)) {
        throw new Error(`functions/${name}.sql: makes no function named ${name}`);
      }
    }
    return { functions, triggers: await databaseTriggers(tx) };
  });
}

/** Groups definitions by a key: functions by name, triggers by table. */
function grouped<T>(list: T[], key: (item: T) => string, text: (item: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), text(item)]);
  return groups;
}

/** A double-quoted identifier. */
export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Where the migrated database and the files differ; empty lists when they hold the same. */
export async function diffDefinitions(db: Db, files: DefinitionFiles): Promise<DefinitionDiff> {
  // Both sides are run and printed back once: PostgreSQL's text of an expression need not be what
  // it prints after reading that text again (it may nest an OR differently), so the database's own
  // text is compared after the same round trip as the files'.
  const fromDatabase = await canonicalDefinitions(db, {
    functions: grouped(
      await databaseFunctions(db),
      (fn) => fn.name,
      (fn) => fn.definition,
    ),
    triggers: grouped(
      await databaseTriggers(db),
      (t) => t.table,
      (t) => t.definition,
    ),
  });
  const databaseFns = fromDatabase.functions;
  const databaseTrgs = fromDatabase.triggers;
  const fromFiles = await canonicalDefinitions(db, {
    functions: new Map([...files.functions].map(([name, text]) => [name, [text]])),
    triggers: files.triggers,
  });
  const functions: DefinitionDiff['functions'] = [];
  const names = new Set([...databaseFns.map((fn) => fn.name), ...files.functions.keys()]);
  for (const name of [...names].sort()) {
    const database = databaseFns.filter((fn) => fn.name === name);
    const file = fromFiles.functions.filter((fn) => fn.name === name);
    const same =
      database.length === file.length &&
      database.every((fn, i) => fn.signature === file[i]?.signature && fn.definition === file[i]?.definition);
    if (!same) functions.push({ name, database, file });
  }
  const triggers: DefinitionDiff['triggers'] = [];
  const byKey = (list: TriggerDef[]) => new Map(list.map((t) => [`${t.table}.${t.name}`, t]));
  const inDatabase = byKey(databaseTrgs);
  const inFiles = byKey(fromFiles.triggers);
  for (const key of [...new Set([...inDatabase.keys(), ...inFiles.keys()])].sort()) {
    const database = inDatabase.get(key);
    const file = inFiles.get(key);
    if (database?.definition === file?.definition) continue;
    const { table, name } = (database ?? file) as TriggerDef;
    triggers.push({ table, name, database: database?.definition, file: file?.definition });
  }
  return { functions, triggers };
}
