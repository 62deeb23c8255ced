import type { CampaignBlock } from '@cartwheel/shared/contracts/campaigns';
import { formatMoney } from '@cartwheel/shared/money';
import { absoluteUrl, productUrl } from '@cartwheel/shared/seo';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { getShopSettings } from '../accounts/accounts.service.ts';
import { shopOf, type UnsubscribeLinks } from '../email/email-templates.ts';
import type { EmailMessage } from '../email/mailer.ts';
import type { CampaignEmailBlock } from '../email/templates/campaign.tsx';
import type { RenderedEmail } from '../email/templates/render.tsx';
import { clickUrl, openUrl } from './campaign-links.ts';

export type CampaignConfig = Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl' | 'authSecret'>;

// A campaign is rendered once per batch with markers where each recipient's links go, then the
// markers are replaced per recipient: the same react-email output, without one render per address.
const RECIPIENT_MARKER = 'cwrecipientmarker';
const UNSUBSCRIBE_MARKER = 'https://unsubscribe.invalid/cwunsubscribemarker';

/**
 * A link of a campaign as an absolute URL on the shop's own site, or null for any other site: the
 * click redirect only ever sends a reader to the shop.
 */
export function shopUrl(config: Pick<Config, 'publicUrl'>, link: string): string | null {
  const origin = new URL(config.publicUrl).origin;
  try {
    const url = new URL(link.startsWith('/') ? absoluteUrl(config.publicUrl, link) : link);
    return url.origin === origin ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Refuses, with a 400 naming the block, a link to another site or a product the shop does not have. */
export async function checkBlocks(db: Db | Tx, config: Pick<Config, 'publicUrl'>, blocks: CampaignBlock[]) {
  const links = blocks.flatMap((block, i) =>
    block.type === 'button'
      ? [[i, block.url] as const]
      : block.type === 'image' && block.link
        ? [[i, block.link] as const]
        : [],
  );
  for (const [i, link] of links) {
    if (!shopUrl(config, link)) {
      const message = 'Links must point to the shop (a path such as /products/lamp, or the shop’s address)';
      throw invalid('invalid_request', message, [{ field: `body.blocks.${i}`, message }]);
    }
  }
  const ids = [...new Set(blocks.flatMap((b) => (b.type === 'products' ? b.product_ids : [])))];
  if (ids.length) {
    const found = await productsOf(db, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing) {
      const message = `No product has the id ${missing}`;
      throw invalid('invalid_request', message, [{ field: 'body.blocks', message }]);
    }
  }
}

interface ProductCard {
  id: string;
  name: string;
  slug: string;
  price: number;
  image: string | null;
}

async function productsOf(db: Db | Tx, ids: string[]): Promise<Map<string, ProductCard>> {
  const rows = await queryRows<ProductCard>(
    db,
    sql`SELECT p.id, p.name, p.slug, p.effective_price AS price,
        (SELECT i.url FROM product_images i WHERE i.product_id = p.id
          ORDER BY i.is_thumbnail DESC, i.sort_order, i.id LIMIT 1) AS image
      FROM products p WHERE p.deleted_at IS NULL
        AND p.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export interface CampaignContent {
  id: string;
  subject: string;
  blocks: CampaignBlock[];
}

/**
 * Renders a campaign through the shop's email layout. `tracked`: links go through the click
 * redirect and an open pixel is added, with markers for `personalize` to fill; else links are plain.
 */
export async function renderCampaign(
  db: Db | Tx,
  config: CampaignConfig,
  campaign: CampaignContent,
  tracked: boolean,
): Promise<RenderedEmail> {
  const [{ campaignTemplate }, { renderTemplate }] = await Promise.all([
    import('../email/templates/campaign.tsx'),
    import('../email/templates/render.tsx'),
  ]);
  const shop = await shopOf(db, config);
  const { base_currency: currency } = await getShopSettings(db);
  const ids = campaign.blocks.flatMap((b) => (b.type === 'products' ? b.product_ids : []));
  const products = ids.length ? await productsOf(db, ids) : new Map<string, ProductCard>();
  const link = (target: string) => {
    const url = shopUrl(config, target) ?? config.publicUrl;
    return tracked ? clickUrl(config, campaign.id, url, RECIPIENT_MARKER) : url;
  };
  const toEmailBlock = (block: CampaignBlock): CampaignEmailBlock => {
    switch (block.type) {
      case 'text':
        return block;
      case 'image':
        return {
          type: 'image',
          src: absoluteUrl(config.publicUrl, block.url),
          alt: block.alt,
          href: block.link ? link(block.link) : null,
        };
      case 'button':
        return { type: 'button', label: block.label, href: link(block.url) };
      case 'products':
        return {
          type: 'products',
          items: block.product_ids.flatMap((id) => {
            const product = products.get(id);
            if (!product) return [];
            return [
              {
                name: product.name,
                price: formatMoney(product.price, currency),
                image: product.image ? absoluteUrl(config.publicUrl, product.image) : null,
                href: link(productUrl(config.publicUrl, product.slug)),
              },
            ];
          }),
        };
    }
  };
  const blocks = campaign.blocks.map(toEmailBlock);
  return renderTemplate(
    campaignTemplate,
    {
      // The shop's name is the one placeholder a subject may use, as in the templates editor.
      subject: campaign.subject.replaceAll('{shop_name}', shop.name),
      blocks,
      pixel_url: tracked ? openUrl(config, RECIPIENT_MARKER) : null,
    },
    { shop, unsubscribeUrl: UNSUBSCRIBE_MARKER },
  );
}

/** One recipient's message from a rendered campaign: their tracking token and unsubscribe links. */
export function personalize(
  rendered: RenderedEmail,
  to: string,
  kind: string,
  recipientToken: string,
  unsubscribe: UnsubscribeLinks,
): EmailMessage {
  const fill = (text: string) =>
    text.replaceAll(RECIPIENT_MARKER, recipientToken).replaceAll(UNSUBSCRIBE_MARKER, unsubscribe.page);
  return {
    to,
    kind,
    subject: rendered.subject,
    html: fill(rendered.html),
    text: fill(rendered.text),
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A campaign being edited, as a recipient would see it: links untracked, a sample unsubscribe link. */
export async function previewCampaign(
  db: Db,
  config: CampaignConfig,
  content: Omit<CampaignContent, 'id'>,
): Promise<RenderedEmail> {
  await checkBlocks(db, config, content.blocks);
  const rendered = await renderCampaign(db, config, { id: 'preview', ...content }, false);
  const sample = `${config.publicUrl}/unsubscribe?token=sample`;
  const fill = (text: string) => text.replaceAll(UNSUBSCRIBE_MARKER, sample);
  return { subject: rendered.subject, html: fill(rendered.html), text: fill(rendered.text) };
}
