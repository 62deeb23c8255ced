import {
  type addressInput,
  type addressPatch,
  MAX_SAVED_ADDRESSES,
  placeProblem,
  type SavedAddress,
} from '@cartwheel/shared/contracts/addresses';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { customerAddresses } from './addresses.schema.ts';

// The signed-in shopper's address book. Every query is scoped by the viewer's user id: another
// shopper's address id answers the same 404 as an unknown one.

type Row = typeof customerAddresses.$inferSelect;
type NewAddress = z.output<typeof addressInput>;
type AddressChange = z.output<typeof addressPatch>;

const toSaved = (row: Row): SavedAddress => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  address_line_1: row.addressLine1,
  address_line_2: row.addressLine2,
  city: row.city,
  state_province: row.stateProvince,
  postal_code: row.postalCode,
  country: row.country,
  phone: row.phone,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const addressNotFound = () => notFound('address_not_found', 'Address not found');

/** Refuses a country (or a state of it) we do not know, as a field error like the schema's. */
function checkPlace(country: string, state: string | null | undefined): void {
  const problem = placeProblem(country, state);
  if (problem) {
    throw invalid('invalid_request', `${problem.field}: ${problem.message}`, [
      { field: `body.${problem.field}`, message: problem.message },
    ]);
  }
}

/**
 * Runs `work` with the shopper's address book to itself: concurrent writes of one shopper (two tabs
 * setting a default, adding the 50th address) take turns, so the default moves atomically and the
 * cap holds. The row lock is on the shopper's user row, which no other address book shares.
 */
function withAddressBook<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`);
    return work(tx);
  });
}

const mine = (userId: string, addressId: string) =>
  and(eq(customerAddresses.userId, userId), eq(customerAddresses.id, addressId));

async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
}

/** The shopper's saved addresses: the default first, then the newest. */
export async function listAddresses(db: Db | Tx, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(
      desc(customerAddresses.isDefault),
      desc(customerAddresses.createdAt),
      desc(customerAddresses.id),
    );
  return rows.map(toSaved);
}

/** Saves a new address. The shopper's first address becomes the default, as does one sent with is_default. */
export async function createAddress(db: Db, userId: string, input: NewAddress): Promise<SavedAddress> {
  checkPlace(input.country, input.state_province);
  return withAddressBook(db, userId, async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId));
    const existing = count?.n ?? 0;
    if (existing >= MAX_SAVED_ADDRESSES) {
      throw new AppError(
        'conflict',
        'too_many_addresses',
        `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`,
      );
    }
    const isDefault = input.is_default === true || existing === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(customerAddresses)
      .values({
        userId,
        firstName: input.first_name,
        lastName: input.last_name,
        addressLine1: input.address_line_1,
        addressLine2: input.address_line_2,
        city: input.city,
        stateProvince: input.state_province,
        postalCode: input.postal_code,
        country: input.country,
        phone: input.phone,
        isDefault,
      })
      .returning();
    if (!row) throw new Error('address insert returned no row');
    return toSaved(row);
  });
}

/** Changes the fields sent; is_default true makes it the default, false leaves the shopper without one. */
export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  patch: AddressChange,
): Promise<SavedAddress> {
  return withAddressBook(db, userId, async (tx) => {
    const [current] = await tx.select().from(customerAddresses).where(mine(userId, addressId));
    if (!current) throw addressNotFound();
    const country = patch.country ?? current.country;
    const state = patch.state_province === undefined ? current.stateProvince : patch.state_province;
    checkPlace(country, state);
    if (patch.is_default === true && !current.isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(customerAddresses)
      .set({
        firstName: patch.first_name,
        lastName: patch.last_name,
        addressLine1: patch.address_line_1,
        addressLine2: patch.address_line_2,
        city: patch.city,
        stateProvince: patch.state_province,
        postalCode: patch.postal_code,
        country: patch.country,
        phone: patch.phone,
        isDefault: patch.is_default,
        updatedAt: sql`now()`,
      })
      .where(mine(userId, addressId))
      .returning();
    if (!row) throw addressNotFound();
    return toSaved(row);
  });
}

/** Makes one address the default (the previous default stops being one in the same transaction). */
export async function setDefaultAddress(db: Db, userId: string, addressId: string): Promise<SavedAddress> {
  return updateAddress(db, userId, addressId, { is_default: true });
}

/**
 * Deletes an address. When it was the default, the newest remaining address becomes the default, so
 * checkout still has one to fill in.
 */
export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await withAddressBook(db, userId, async (tx) => {
    const [gone] = await tx.delete(customerAddresses).where(mine(userId, addressId)).returning();
    if (!gone) throw addressNotFound();
    if (!gone.isDefault) return;
    await tx.execute(sql`UPDATE customer_addresses SET is_default = true, updated_at = now()
      WHERE id = (SELECT id FROM customer_addresses WHERE user_id = ${userId}::uuid
        ORDER BY created_at DESC, id DESC LIMIT 1)`);
  });
}
