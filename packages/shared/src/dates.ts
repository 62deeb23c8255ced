// The date formats of both front ends, in the browser's time zone.
import { format } from 'date-fns';

type DateInput = string | number | Date;

/** Lists and tables: "Jan 05, 2026". */
export const formatDate = (value: DateInput) => format(new Date(value), 'MMM dd, yyyy');

/** Page headers and profiles: "January 05, 2026". */
export const formatLongDate = (value: DateInput) => format(new Date(value), 'MMMM dd, yyyy');

/** Events on a timeline: "Jan 05, 2026, 3:07 PM". */
export const formatDateTime = (value: DateInput) => format(new Date(value), 'MMM dd, yyyy, h:mm a');

/** Logs such as the email outbox, on a 24-hour clock: "Jan 05, 2026 15:07". */
export const formatLogTime = (value: DateInput) => format(new Date(value), 'MMM dd, yyyy HH:mm');
