// The front ends' typed client (@cartwheel/sdk) beside apiFetch: same origin, the browser's cookies.
import { type CartwheelClient, CartwheelError, createCartwheelClient } from '@cartwheel/sdk';
import { ApiError } from './api-client.ts';

const client = createCartwheelClient({ baseUrl: '' });

/**
 * Runs a call of the typed client and fails as apiFetch does (an ApiError, `network_error` with the
 * same words), so the retry rules and error screens treat both alike. In the browser only: a server
 * render calls the API in-process through apiFetch's transport.
 */
export async function sdk<T>(call: (api: CartwheelClient) => Promise<T>): Promise<T> {
  try {
    return await call(client);
  } catch (error) {
    if (!(error instanceof CartwheelError)) throw error;
    if (error.status === 0 && error.code === 'network_error') {
      throw new ApiError(
        0,
        'network_error',
        'Could not reach the server. Check your connection and try again.',
      );
    }
    throw new ApiError(error.status, error.code, error.message, error.details);
  }
}
