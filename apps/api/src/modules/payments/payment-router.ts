import { sql } from 'drizzle-orm';
import { type Db, queryPrepared } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  PAYMENT_PROVIDER_NAMES,
  type PaymentProvider,
  type PaymentProviderName,
} from './payment-provider.ts';

/**
 * Every provider the shop has credentials for, behind the one PaymentProvider the checkout calls. New
 * sessions go to the provider Settings → Payments chose (`provider` of the input, else the default);
 * a session, its expiry and its refunds always go to the provider that opened it, the one its order
 * names in `payment_provider`, so switching providers leaves open checkouts and refunds working.
 */
export interface PaymentRouter extends PaymentProvider {
  /** The provider new sessions use when the settings name none (PAYMENT_PROVIDER). */
  readonly name: PaymentProviderName;
  /** The configured provider of that name, if any. */
  get(name: string): PaymentProvider | undefined;
  /**
   * The provider a new checkout uses: the one the settings name, else the default. A choice whose
   * credentials are gone answers 502 (the checkout writes nothing), not a session at another provider.
   */
  choose(name: string | null | undefined): PaymentProvider;
}

const isName = (name: string): name is PaymentProviderName =>
  (PAYMENT_PROVIDER_NAMES as readonly string[]).includes(name);

export function createPaymentRouter(
  db: Db,
  providers: PaymentProvider[],
  defaultName: PaymentProviderName,
): PaymentRouter {
  const byName = new Map(providers.map((p) => [p.name as string, p]));
  const fallback = byName.get(defaultName) ?? providers[0];
  if (!fallback) throw new Error('no payment provider is configured');
  const only = providers.length === 1 ? fallback : null;

  const configured = (name: string): PaymentProvider => {
    const provider = byName.get(name);
    if (provider) return provider;
    throw new AppError(
      'upstream_failed',
      'payment_provider_unavailable',
      isName(name)
        ? `Payments through ${name} are not configured on this server; staff can choose another provider in Settings → Payments.`
        : `Unknown payment provider ${name}`,
    );
  };

  /** The provider of the order holding this session; the default for a session no order holds. */
  async function ofSession(sessionId: string): Promise<PaymentProvider> {
    if (only) return only;
    const [row] = await queryPrepared<{ payment_provider: string | null }>(
      db,
      sql`SELECT payment_provider FROM orders WHERE payment_session_id = ${sessionId} LIMIT 1`,
    );
    return row?.payment_provider ? configured(row.payment_provider) : fallback!;
  }

  const paying = providers.filter((p) => p.paidSessions);

  return {
    name: fallback.name,
    get: (name) => byName.get(name),
    choose: (name) => (name ? configured(name) : fallback),

    createSession: (input) => configured(input.provider ?? fallback.name).createSession(input),
    getSession: async (sessionId) => (await ofSession(sessionId)).getSession(sessionId),
    expireSession: async (sessionId) => (await ofSession(sessionId)).expireSession(sessionId),

    async refund(input) {
      if (only) return only.refund(input);
      const [row] = await queryPrepared<{ payment_provider: string | null }>(
        db,
        sql`SELECT payment_provider FROM orders WHERE id = ${input.orderId}::uuid`,
      );
      return configured(row?.payment_provider ?? fallback.name).refund(input);
    },

    // Only providers without webhooks answer it (the local one): the others' sessions are left out.
    ...(paying.length
      ? {
          async paidSessions(sessionIds: string[]) {
            if (only?.paidSessions) return only.paidSessions(sessionIds);
            if (!sessionIds.length) return [];
            const rows = await queryPrepared<{ id: string; provider: string | null }>(
              db,
              sql`SELECT payment_session_id AS id, payment_provider AS provider FROM orders
                WHERE payment_session_id IN (${sql.join(
                  sessionIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
            );
            const paid = await Promise.all(
              paying.map((p) => {
                const mine = rows.filter((r) => (r.provider ?? fallback.name) === p.name).map((r) => r.id);
                return mine.length ? p.paidSessions!(mine) : Promise.resolve([]);
              }),
            );
            return paid.flat();
          },
        }
      : {}),
  };
}
