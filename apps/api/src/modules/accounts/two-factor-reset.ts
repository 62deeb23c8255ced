import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { sessions, twoFactors, users } from './accounts.schema.ts';
import { findMember } from './accounts.service.ts';

/**
 * An admin removes a staff member's second factor (a lost phone): their TOTP secret and backup codes
 * go, two-factor is off, every session of theirs ends, and the audit log records who did it to whom.
 * The member signs in with their password and sets two-factor up again. Never on oneself (that is
 * the user menu's job, with the password), never on a customer, and only when it is on.
 */
export async function resetTwoFactor(db: Db, actor: AuditActor, userId: string): Promise<TeamMember> {
  if (actor.userId === userId) {
    throw new AppError(
      'conflict',
      'own_two_factor',
      'You cannot reset your own two-factor authentication here. Use your user menu.',
    );
  }
  return db.transaction(async (tx) => {
    const [target] = await queryRows<{ email: string; role: string | null; two_factor_enabled: boolean }>(
      tx,
      sql`SELECT u.email, p.role, u.two_factor_enabled FROM users u LEFT JOIN profiles p ON p.id = u.id
        WHERE u.id = ${userId}::uuid FOR UPDATE OF u`,
    );
    if (!target || target.role === null || target.role === 'customer') {
      throw new AppError('not_found', 'member_not_found', 'No staff member with this id');
    }
    if (!target.two_factor_enabled) {
      throw new AppError(
        'conflict',
        'two_factor_off',
        `${target.email} has no two-factor authentication to reset`,
      );
    }
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await audit.record(tx, actor, {
      action: 'team.two_factor_reset',
      target: { type: 'user', id: userId, label: target.email },
      changes: { two_factor_enabled: [true, false], sessions: [ended.length, 0] },
    });
    return (await findMember(tx, userId))!;
  });
}
