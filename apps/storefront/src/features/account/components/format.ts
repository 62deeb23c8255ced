import { format } from 'date-fns';

/** Lists: "Jan 05, 2026" (MMM dd, yyyy). */
export const listDate = (iso: string) => format(new Date(iso), 'MMM dd, yyyy');

/** Detail: "January 05, 2026" (MMMM dd, yyyy). */
export const detailDate = (iso: string) => format(new Date(iso), 'MMMM dd, yyyy');

export const itemCountLabel = (count: number) => (count === 1 ? '1 item' : `${count} items`);
