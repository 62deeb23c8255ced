-- The refund reconciliation job looks every few minutes for refunds still pending (a process stopped
-- between the payment provider's answer and the final save): a small index of those alone, so the
-- look stays cheap however many refunds the shop has made (orders/reconcile-refunds.ts).
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "status" = 'pending';
