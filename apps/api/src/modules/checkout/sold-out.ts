import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { StockLine, StockRow } from './stock.ts';

// A flash sale (docs/scaling.md, "Flash sale"): thousands of checkouts for one variant that has sold
// out. Each would otherwise run the reservation transaction only to learn
// that nothing is left, and hold a pooled connection while it waits for the hot row's lock. Two
// in-process helpers make that cheap and fair; the database's conditional stock update stays the only
// thing that sells.

/** How long a sold-out mark lives at most without a change of its product being heard. */
const MARK_MS = 2000;
/**
 * Reservations of one stock row in flight at once in this process; the rest wait without a connection.
 * One: a flash sale's real sales spread over the sale instead of taking the machine at its start
 * (decision 0046).
 */
export const ADMITTED_PER_ROW = 1;
/** Past this many products remembered as changed, forget them and treat every product as changed. */
const MAX_CHANGED = 10_000;

/** What a reservation reports for a short line; a mark's is the same object for its whole life. */
export type Short = { line: StockLine; available: number };

const rowKey = (row: { table: string; id: string }) => `${row.table}:${row.id}`;

/**
 * Rows known to have nothing left, per process. A mark is set only by a reservation that found the
 * row at 0, and only when no change of its product was heard since that reservation began; it is
 * dropped when a change of the product is heard (a restock, a cancelled or expired checkout, an
 * edit: the catalog notification names the product), on any notification that names no product, and
 * after MARK_MS. Without a live change feed nothing is marked.
 */
export class SoldOutMarks {
  private readonly marks = new Map<string, { short: Short; until: number }>();
  /** The sequence number of the last change heard per product, and of the last change of everything. */
  private readonly changed = new Map<string, number>();
  private everythingChanged = 0;
  private seq = 0;
  private readonly live: boolean;
  private readonly gates = new Map<string, { inFlight: number; waiting: Array<() => void> }>();

  constructor(
    feed: ChangeFeed,
    private readonly markMs = MARK_MS,
  ) {
    this.live = feed.live;
    feed.on('catalog', (payload) => this.heard(payload));
  }

  /** A catalog notification: `product <id> <id>...`, or anything else (everything may have changed). */
  private heard(payload: string | null): void {
    this.seq++;
    const match = payload ? /^product ([0-9a-f -]+)$/i.exec(payload) : null;
    if (!match || this.changed.size > MAX_CHANGED) {
      this.marks.clear();
      this.changed.clear();
      this.everythingChanged = this.seq;
      return;
    }
    const products = new Set(match[1]!.split(' '));
    for (const id of products) this.changed.set(id, this.seq);
    for (const [key, mark] of this.marks) if (products.has(mark.short.line.productId)) this.marks.delete(key);
  }

  /** Where the changes heard stand now: give it to `note` for a reservation that starts now. */
  now(): number {
    return this.seq;
  }

  /** The first of `rows` (in lock order) marked sold out, as the reservation would report it; else null. */
  check(rows: ReadonlyArray<Pick<StockRow, 'table' | 'id'>>): Short | null {
    const now = Date.now();
    for (const row of rows) {
      const mark = this.marks.get(rowKey(row));
      if (!mark) continue;
      if (mark.until > now) return mark.short;
      this.marks.delete(rowKey(row));
    }
    return null;
  }

  /**
   * A reservation that began at `since` (now()) found `short` with nothing left: mark its row, unless a
   * change of its product was heard meanwhile (a restock may have come after the reservation's read).
   */
  note(since: number, short: Short): void {
    if (!this.live || short.available > 0) return;
    const { line } = short;
    if (this.everythingChanged > since || (this.changed.get(line.productId) ?? 0) > since) return;
    const key =
      line.variantId === null
        ? rowKey({ table: 'products', id: line.productId })
        : rowKey({ table: 'product_variants', id: line.variantId });
    this.marks.set(key, { short: { line, available: 0 }, until: Date.now() + this.markMs });
  }

  /**
   * Waits until a reservation of `rows` may run: at most ADMITTED_PER_ROW per row at once in this
   * process (rows taken in lock order, so two checkouts never wait for each other crosswise). Call the
   * returned function when the reservation is over.
   */
  async admit(rows: ReadonlyArray<Pick<StockRow, 'table' | 'id'>>): Promise<() => void> {
    const keys = rows.map(rowKey);
    for (const key of keys) {
      let gate = this.gates.get(key);
      if (!gate) {
        gate = { inFlight: 0, waiting: [] };
        this.gates.set(key, gate);
      }
      if (gate.inFlight < ADMITTED_PER_ROW) gate.inFlight++;
      else await new Promise<void>((resolve) => gate!.waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const gate = this.gates.get(key)!;
        const next = gate.waiting.shift();
        // The slot passes to the next waiter as it is; the last one out removes the gate.
        if (next) next();
        else if (--gate.inFlight === 0) this.gates.delete(key);
      }
    };
  }
}
