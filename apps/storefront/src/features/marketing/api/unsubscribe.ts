import { api } from '@cartwheel/shared/api-client';
import { useMutation } from '@tanstack/react-query';

/** POST /api/marketing/unsubscribe with the signed token from a marketing email's link. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ email: string; unsubscribed: true }>('/api/marketing/unsubscribe', { token }),
  });
}
