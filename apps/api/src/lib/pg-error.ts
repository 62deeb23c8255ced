/** The fields of a PostgreSQL error the API looks at (node-postgres and PGlite name them alike). */
export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
}

/**
 * The PostgreSQL error code and constraint behind a driver error, which Drizzle may have wrapped
 * (the code sits on the error or on one of its causes). Undefined for anything else.
 */
export function pgErrorInfo(error: unknown): PgErrorInfo | undefined {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const c = e as { constraint_name?: string; constraint?: string };
      return { code, constraint: c.constraint_name ?? c.constraint };
    }
  }
  return undefined;
}
