import { api } from '@cartwheel/shared/api-client';
import type { StockAlertBody, StockAlertResult } from '@cartwheel/shared/contracts/stock-alerts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/stock-alerts: "Email me when it's back" (the signed-in shopper's own address when none is given). */
function subscribeStockAlert(body: StockAlertBody): Promise<StockAlertResult> {
  return api.post<StockAlertResult>('/api/stock-alerts', body);
}

export function useSubscribeStockAlert() {
  return useMutation({ mutationFn: subscribeStockAlert });
}
