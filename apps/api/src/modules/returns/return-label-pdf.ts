import type { LabelAddress } from './return-labels.ts';

export interface LabelContent {
  rma: string;
  orderNumber: number;
  shopName: string;
  from: LabelAddress;
  to: LabelAddress;
  items: Array<{ name: string; quantity: number }>;
}

const addressLines = (a: LabelAddress) =>
  [a.name, a.line1, a.line2, [a.postalCode, a.city, a.state].filter(Boolean).join(' '), a.country].filter(
    (line): line is string => Boolean(line),
  );

/**
 * The built-in return label: a 4 × 6 inch page (the size label printers take) with the shop's address
 * large, the shopper's as sender, the RMA in words and as a QR code staff scan on receipt, and the
 * parcel's contents. The shopper pays the postage at the counter.
 */
export async function renderReturnLabel(label: LabelContent): Promise<Buffer> {
  // Loaded with the first label, not when a process starts: pdfkit is slow to load and large in
  // memory (bench/results/2026-12-07-run-j.md).
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([
    import('pdfkit'),
    import('qrcode'),
  ]);
  const qr = await QRCode.toBuffer(label.rma, {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const doc = new PDFDocument({
    size: [288, 432],
    margin: 18,
    info: { Title: `Return ${label.rma}`, Author: label.shopName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(`RETURN ${label.rma}`, { align: 'center' });
  doc.font('Helvetica').fontSize(8).text(`Order #${label.orderNumber}`, { align: 'center' });
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(7).text('FROM');
  doc.font('Helvetica').fontSize(9).text(addressLines(label.from).join('\n'));
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(7).text('SHIP TO');
  doc.font('Helvetica-Bold').fontSize(13).text(addressLines(label.to).join('\n'));
  doc.moveDown(0.4);
  const qrTop = doc.y;
  doc.image(qr, 18, qrTop, { width: 110 });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(label.items.map((i) => `${i.quantity} × ${i.name}`).join('\n'), 138, qrTop, { width: 132 });
  doc
    .fontSize(7)
    .text(`Write ${label.rma} on the parcel if this label cannot be printed.`, 18, 400, { width: 252 });
  doc.end();
  return done;
}
