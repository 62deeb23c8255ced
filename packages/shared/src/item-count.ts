/**
 * How many items some lines hold: units, the sum of their quantities. An order, a cart or a
 * fulfilment of 2 × a mug and 1 × a tee has 3 items everywhere they are counted (docs/product.md,
 * "Customer figures"); the API's order lists count the same in SQL (ORDER_ITEM_COUNT).
 */
export function itemCount(lines: ReadonlyArray<{ readonly quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
