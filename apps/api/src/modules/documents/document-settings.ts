import { type DocumentSettings, documentSettings, YEAR_TOKEN } from '@cartwheel/shared/contracts/documents';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { storedOverDefaults } from '../../lib/stored-settings.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { storeSettings } from '../accounts/accounts.service.ts';
import { loadStoreSettings } from '../content/site-settings.ts';
import type { DocumentParty } from './document-snapshot.ts';

const KEY = 'documents.settings';

const DEFAULTS: DocumentSettings = {
  address: '',
  tax_number: '',
  invoice_prefix: `INV-${YEAR_TOKEN}-`,
  credit_note_prefix: `CN-${YEAR_TOKEN}-`,
};
const storedDocumentSettings = storedOverDefaults(documentSettings);

/** The document settings: stored values over the defaults, field by field. */
export async function loadDocumentSettings(db: Db | Tx): Promise<DocumentSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return storedDocumentSettings(row?.value, DEFAULTS);
}

/** Stores the fields sent over the current settings. */
export async function updateDocumentSettings(
  db: Db,
  patch: Partial<DocumentSettings>,
): Promise<DocumentSettings> {
  const next = { ...(await loadDocumentSettings(db)), ...patch };
  await storeSettings(db, [[KEY, next]]);
  return next;
}

/** The seller as an invoice prints it: the Online Store's legal name (else the shop's), address and tax number. */
export async function loadSeller(
  db: Db | Tx,
  config: Pick<Config, 'shopName' | 'shopLogoUrl' | 'publicUrl'>,
): Promise<DocumentParty> {
  const store = await loadStoreSettings(db, config);
  const document = await loadDocumentSettings(db);
  return {
    name: store.legal_name || store.name,
    address: document.address
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    tax_number: document.tax_number || null,
  };
}

/** The series a number is issued in: the prefix with its year filled in. */
export const seriesOf = (prefix: string, at: Date) =>
  prefix.replaceAll(YEAR_TOKEN, String(at.getUTCFullYear()));

/** A number as printed: the series and the sequence, at least four digits (`INV-2026-0001`). */
export const documentNumber = (series: string, sequence: number) =>
  `${series}${String(sequence).padStart(4, '0')}`;
