import { z } from 'zod';
import { instant } from './dashboard.ts';
import { pageLimitParam, pageParam } from './orders.ts';

/**
 * Every action the audit log records (docs/decisions/0076-audit-log.md), `<target>.<what happened>`.
 * The back office's filter offers these; a prefix (`webhook`) filters all of a target's actions.
 */
export const AUDIT_ACTIONS = [
  'team.member_added',
  'team.role_changed',
  'team.member_removed',
  'team.two_factor_reset',
  'role.created',
  'role.changed',
  'role.deleted',
  'api_key.created',
  'api_key.revoked',
  'app.created',
  'app.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.resumed',
  'order.refunded',
  'return.approved',
  'return.declined',
  'return.received',
  'return.closed',
  'return_settings.updated',
  'order.edited',
  'discount.created',
  'discount.updated',
  'discount.deleted',
  'settings.updated',
  'store.updated',
  'menus.updated',
  'checkout_settings.updated',
  'document_settings.updated',
  'shipping_zone.created',
  'shipping_zone.updated',
  'shipping_zone.deleted',
  'tax_place.updated',
  'tax_places.standard_added',
  'market.created',
  'market.updated',
  'market.deleted',
  'exchange_rate.set',
  'exchange_rate.deleted',
  'orders.exported',
  'customers.exported',
  'ledger.exported',
  'campaign.sent',
  'review.published',
  'review.hidden',
  'review.replied',
  'review.photo_hidden',
  'review.photo_shown',
  'customer_group.created',
  'customer_group.updated',
  'customer_group.deleted',
  'location.created',
  'location.updated',
  'stock.counted',
  'transfer.created',
  'transfer.sent',
  'transfer.received',
  'transfer.cancelled',
  'price_list.created',
  'price_list.updated',
  'price_list.deleted',
  'customer.wholesale_updated',
  'order.invoice_paid',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'system'] as const;

/**
 * GET /api/admin/audit-log: `actor` matches the actor's email (contains, any case) or their user id;
 * `action` an action or a prefix of one (`webhook`); `target_type` and `target_id` exactly; the
 * dates are half-open (from ≤ at < to).
 */
export const auditLogQuery = z.object({
  actor: z.string().trim().max(320, 'actor is too long').optional(),
  action: z
    .string()
    .trim()
    .max(64, 'action is too long')
    .regex(/^[a-z_.]*$/, 'action is an action name such as team.role_changed')
    .optional(),
  target_type: z.string().trim().max(64, 'target_type is too long').optional(),
  target_id: z.string().trim().max(500, 'target_id is too long').optional(),
  from: instant.optional(),
  to: instant.optional(),
  page: pageParam,
  limit: pageLimitParam,
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;
export type AuditLogFilter = z.output<typeof auditLogQuery>;

/** One row: who, from where, what, and each field changed as [before, after]. */
export const auditEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  actor_id: z.uuid().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  actor_api_key_id: z.uuid().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A page of the log, newest first, and how many rows match the filter. */
export const auditLogPage = z.object({ items: z.array(auditEntry), total: z.number().int() });
export type AuditLogPage = z.infer<typeof auditLogPage>;
