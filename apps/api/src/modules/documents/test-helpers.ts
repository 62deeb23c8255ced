// Helpers for the documents' tests (not a test file itself).

// The Windows-1252 characters the PDF's built-in fonts have where Latin-1 has control codes.
const WIN_ANSI: Record<number, string> = {
  128: '€',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  150: '–',
  151: '—',
};

/**
 * The text lines an uncompressed PDF made by pdfkit shows: each line is a TJ array of hex strings
 * in the fonts' WinAnsi encoding (numbers between them are kerning).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const [, segments] of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    let line = '';
    for (const [, hex] of (segments ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) {
      for (const byte of Buffer.from(hex ?? '', 'hex')) line += WIN_ANSI[byte] ?? String.fromCharCode(byte);
    }
    lines.push(line);
  }
  return lines.join('\n');
}
