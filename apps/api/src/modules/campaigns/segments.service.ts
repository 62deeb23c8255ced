import type {
  Segment,
  SegmentBody,
  SegmentFilters,
  SegmentPreview,
} from '@cartwheel/shared/contracts/campaigns';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { isoTime } from '../orders/order-sql.ts';
import { segmentCustomers } from './segment-query.ts';

const PREVIEW_SAMPLE = 10;

/** How many customers the filters select, and how many of them consented to marketing email. */
export async function countSegment(db: Db | Tx, filters: SegmentFilters) {
  const [row] = await queryRows<{ customer_count: number; consented_count: number }>(
    db,
    sql`SELECT count(*)::int AS customer_count, count(*) FILTER (WHERE seg.consented)::int AS consented_count
      FROM ${segmentCustomers(filters)} seg`,
  );
  return { customer_count: row?.customer_count ?? 0, consented_count: row?.consented_count ?? 0 };
}

/** The live count of filters being edited, with the first few customers they select. */
export async function previewSegment(db: Db, filters: SegmentFilters): Promise<SegmentPreview> {
  checkRanges(filters);
  const sample = await queryRows<SegmentPreview['sample'][number]>(
    db,
    sql`SELECT seg.email, seg.name, seg.consented FROM ${segmentCustomers(filters)} seg
      ORDER BY seg.email LIMIT ${PREVIEW_SAMPLE}`,
  );
  return { ...(await countSegment(db, filters)), sample };
}

/** A range given upside down is a mistake, not an empty segment. */
function checkRanges(filters: SegmentFilters) {
  const pairs = [
    ['total_spent', filters.total_spent_min, filters.total_spent_max],
    ['order_count', filters.order_count_min, filters.order_count_max],
    ['last_order', filters.last_order_from, filters.last_order_to],
  ] as const;
  for (const [name, min, max] of pairs) {
    if (min !== undefined && max !== undefined && min > max) {
      const message = 'The lower bound must not be above the upper bound';
      throw invalid('invalid_request', message, [{ field: `body.filters.${name}_min`, message }]);
    }
  }
}

interface Row {
  id: string;
  name: string;
  filters: SegmentFilters;
  created_at: string;
}

/** A jsonb column as the driver gives it: parsed by one, a string from another. */
export const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const withCounts = async (db: Db, row: Row): Promise<Segment> => {
  const filters = json(row.filters);
  return {
    id: row.id,
    name: row.name,
    filters,
    created_at: row.created_at,
    ...(await countSegment(db, filters)),
  };
};

const SELECT = sql`SELECT id, name, filters, ${isoTime(sql`created_at`)} AS created_at FROM segments`;

/** Every segment, newest first, with its counts as of now. */
export async function listSegments(db: Db): Promise<Segment[]> {
  const rows = await queryRows<Row>(db, sql`${SELECT} ORDER BY created_at DESC, id`);
  return Promise.all(rows.map((row) => withCounts(db, row)));
}

/** One segment as stored (its filters parsed); 404 when there is none. */
export async function loadSegment(db: Db | Tx, id: string): Promise<Row> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} WHERE id = ${id}`);
  if (!row) throw notFound('segment_not_found', 'Segment not found');
  return { ...row, filters: json(row.filters) };
}

export async function createSegment(db: Db, body: SegmentBody): Promise<Segment> {
  checkRanges(body.filters);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO segments (name, filters) VALUES (${body.name}, ${JSON.stringify(body.filters)}::jsonb) RETURNING id`,
  );
  return withCounts(db, await loadSegment(db, row!.id));
}

export async function updateSegment(db: Db, id: string, body: SegmentBody): Promise<Segment> {
  checkRanges(body.filters);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`UPDATE segments SET name = ${body.name}, filters = ${JSON.stringify(body.filters)}::jsonb, updated_at = now()
      WHERE id = ${id} RETURNING id`,
  );
  if (!row) throw notFound('segment_not_found', 'Segment not found');
  return withCounts(db, await loadSegment(db, id));
}

/** Deletes a segment; campaigns sent to it keep their recipients and report. */
export async function deleteSegment(db: Db, id: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(db, sql`DELETE FROM segments WHERE id = ${id} RETURNING id`);
  if (!row) throw notFound('segment_not_found', 'Segment not found');
}
