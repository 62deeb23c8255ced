/**
 * A failed call: `status` is the HTTP status (0 when the server could not be reached), `code` and
 * `message` come from the API's error body `{ error: { code, message, details } }`.
 */
export class CartwheelError extends Error {
  override readonly name = 'CartwheelError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The error a non-2xx response stands for, from its parsed body when it has the API's shape. */
export function errorOf(response: Response, body: unknown): CartwheelError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
    if (typeof code === 'string' && typeof message === 'string') {
      return new CartwheelError(response.status, code, message, details);
    }
  }
  return new CartwheelError(
    response.status,
    'http_error',
    response.statusText || `Request failed (${response.status})`,
  );
}
