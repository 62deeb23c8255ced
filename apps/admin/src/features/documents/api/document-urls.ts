// The PDFs open from plain links: the browser sends the session cookie and shows them in its viewer.

export const packingSlipUrl = (orderId: string) => `/api/admin/orders/${orderId}/packing-slip`;

/** Printing an invoice the first time issues it, with the next number. */
export const invoiceUrl = (orderId: string) => `/api/admin/orders/${orderId}/invoice`;

export const creditNoteUrl = (orderId: string, creditNoteId: string) =>
  `/api/admin/orders/${orderId}/credit-notes/${creditNoteId}`;

/** The selected orders' packing slips or invoices in one PDF, a page or more each. */
export const bulkDocumentsUrl = (kind: 'packing-slips' | 'invoices', orderIds: string[]) =>
  `/api/admin/documents/${kind}?${new URLSearchParams({ order_ids: orderIds.join(',') })}`;
