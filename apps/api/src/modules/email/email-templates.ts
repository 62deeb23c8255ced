import { absoluteUrl } from '@cartwheel/shared/seo';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { loadStoreSettings } from '../content/site-settings.ts';
import { emailTemplates } from './email.schema.ts';
import type { EmailMessage } from './mailer.ts';
import type { TemplateData, TemplateKind } from './templates/registry.ts';
import type { Shop } from './templates/template.ts';

// React and the renderer load with the first email, not with the server.
const loadRenderer = () =>
  Promise.all([import('./templates/registry.ts'), import('./templates/render.tsx')]).then(
    ([registry, render]) => ({ ...registry, ...render }),
  );

/** The shop as emails show it: the Online Store's name and logo (SHOP_NAME and SHOP_LOGO_URL until saved). */
export async function shopOf(
  db: Db | Tx,
  config: Pick<Config, 'shopName' | 'shopLogoUrl' | 'publicUrl'>,
): Promise<Shop> {
  const store = await loadStoreSettings(db, config);
  return {
    name: store.name,
    logoUrl: store.logo_url ? absoluteUrl(config.publicUrl, store.logo_url) : config.shopLogoUrl,
    publicUrl: config.publicUrl,
  };
}

type EmailConfig = Pick<Config, 'shopName' | 'shopLogoUrl' | 'publicUrl'>;

/** Where a marketing email's unsubscribe link and one-click header point. */
export interface UnsubscribeLinks {
  /** The page the link in the email opens. */
  page: string;
  /** The URL a mail client POSTs to (RFC 8058 one-click). */
  oneClick: string;
}

async function storedText(db: Db | Tx, kind: string) {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.kind, kind));
  return { subject: row?.subject ?? null, intro: row?.intro ?? null };
}

/**
 * One email of `kind` to `to`, rendered with the shop's stored subject and intro. A marketing email
 * needs its unsubscribe links: they go in the footer and in the List-Unsubscribe headers.
 */
export async function composeEmail<K extends TemplateKind>(
  db: Db | Tx,
  config: EmailConfig,
  kind: K,
  to: string,
  data: TemplateData<K>,
  unsubscribe?: UnsubscribeLinks,
): Promise<Required<Omit<EmailMessage, 'headers'>> & Pick<EmailMessage, 'headers'>> {
  const { TEMPLATES, renderTemplate } = await loadRenderer();
  const template = TEMPLATES[kind];
  if (template.marketing && !unsubscribe)
    throw new Error(`${kind} is marketing email: it needs an unsubscribe link`);
  const rendered = await renderTemplate(template as never, data, {
    shop: await shopOf(db, config),
    ...(await storedText(db, kind)),
    unsubscribeUrl: unsubscribe?.page,
  });
  return {
    to,
    kind,
    ...rendered,
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

/** Every template with its current and default subject and intro (the back office's list). */
export async function listTemplates(db: Db) {
  const { TEMPLATES } = await loadRenderer();
  const stored = new Map((await db.select().from(emailTemplates)).map((row) => [row.kind, row]));
  return Object.values(TEMPLATES).map((t) => {
    const row = stored.get(t.kind);
    return {
      kind: t.kind,
      name: t.name,
      description: t.description,
      marketing: t.marketing,
      subject: row?.subject ?? t.subject,
      intro: row?.intro ?? t.intro,
      default_subject: t.subject,
      default_intro: t.intro,
      placeholders: ['shop_name', ...placeholderNames(t.subject), ...placeholderNames(t.intro)].filter(
        (name, i, all) => all.indexOf(name) === i,
      ),
      customized: Boolean(row && (row.subject !== null || row.intro !== null)),
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  });
}

const placeholderNames = (text: string) => [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);

async function templateOf(kind: string) {
  const { TEMPLATES } = await loadRenderer();
  const template = (TEMPLATES as Record<string, (typeof TEMPLATES)[TemplateKind]>)[kind];
  if (!template) throw notFound('email_template_not_found', 'Email template not found');
  return template;
}

/**
 * The template rendered with its sample data: with the draft subject and intro when given (the
 * editor's live preview), else with the stored ones.
 */
export async function previewTemplate(
  db: Db,
  config: EmailConfig,
  kind: string,
  draft: { subject?: string | null | undefined; intro?: string | null | undefined } = {},
) {
  const template = await templateOf(kind);
  const { renderTemplate } = await loadRenderer();
  const shop = await shopOf(db, config);
  const stored = await storedText(db, kind);
  const unsubscribeUrl = template.marketing ? `${shop.publicUrl}/unsubscribe?token=sample` : undefined;
  return renderTemplate(template as never, template.sample(shop) as never, {
    shop,
    subject: draft.subject === undefined ? stored.subject : draft.subject,
    intro: draft.intro === undefined ? stored.intro : draft.intro,
    unsubscribeUrl,
  });
}

/** Stores the shop's subject and intro for `kind`; null goes back to the template's text. */
export async function updateTemplate(
  db: Db,
  kind: string,
  patch: { subject?: string | null | undefined; intro?: string | null | undefined },
) {
  await templateOf(kind);
  const values = {
    ...(patch.subject !== undefined ? { subject: patch.subject } : {}),
    ...(patch.intro !== undefined ? { intro: patch.intro } : {}),
  };
  await db
    .insert(emailTemplates)
    .values({ kind, ...values })
    .onConflictDoUpdate({ target: emailTemplates.kind, set: { ...values, updatedAt: sql`now()` } });
  const list = await listTemplates(db);
  return list.find((t) => t.kind === kind)!;
}
