import { api } from '@cartwheel/shared/api-client';
import type { GiftCardBalance } from '@cartwheel/shared/contracts/gift-cards';
import { useMutation } from '@tanstack/react-query';

/** A gift card's balance and expiry by its code (the server limits how often one address asks). */
export function checkBalance(code: string): Promise<GiftCardBalance> {
  return api.post<GiftCardBalance>('/api/gift-cards/balance', { code });
}

export function useCheckBalance() {
  return useMutation({ mutationFn: checkBalance });
}
