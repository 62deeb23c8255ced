/** Keys under which database errors carry the values a query was sent with, or rows' contents. */
const VALUE_KEYS = new Set(['params', 'parameters', 'args', 'detail']);
const REDACTED = '[redacted]';
/** Values shorter than this are left in messages: replacing every "1" would garble them. */
const MIN_VALUE_LENGTH = 4;

function valuesOf(error: Error): string[] {
  const values: string[] = [];
  for (const key of ['params', 'parameters', 'args'] as const) {
    const list = (error as unknown as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const value of list) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (text && text.length >= MIN_VALUE_LENGTH) values.push(text);
    }
  }
  return values;
}

function scrub(text: string, values: string[]): string {
  // Drizzle writes "Failed query: <sql>\nparams: <values>" into its message.
  let out = text.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
  for (const value of values) out = out.split(value).join(REDACTED);
  return out;
}

/**
 * The logger's error serializer: the usual type, message, stack and own fields, with the values a
 * failed query was sent with (passwords' hashes, emails, addresses) and a row's contents left out of
 * the log, in the error and its causes. The SQL text and PostgreSQL's code and constraint stay.
 */
export function serializeError(error: unknown, values: string[] = [], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const known = [...values, ...valuesOf(error)];
  const out: Record<string, unknown> = {
    type: error.constructor.name,
    message: scrub(error.message, known),
    stack: error.stack ? scrub(error.stack, known) : undefined,
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause') continue;
    out[key] = VALUE_KEYS.has(key) ? REDACTED : typeof value === 'string' ? scrub(value, known) : value;
  }
  if (error.cause !== undefined) out.cause = serializeError(error.cause, known, depth + 1);
  return out;
}

/** serializeError in the shape the Fastify logger's `err` serializer has. */
export function errForLog(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const out = serializeError(error) as Record<string, unknown>;
  return { ...out, type: String(out.type), message: String(out.message), stack: String(out.stack ?? '') };
}
