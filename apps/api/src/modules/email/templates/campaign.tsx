import { Img, Link, Section, Text } from '@react-email/components';
import { ActionButton, mutedStyle, textStyle } from './layout.tsx';
import { defineTemplate } from './template.ts';

/** A campaign's blocks with their links and product cards resolved (campaigns/campaign-email.ts). */
export type CampaignEmailBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; alt: string; href: string | null }
  | {
      type: 'products';
      items: Array<{ name: string; price: string; image: string | null; href: string }>;
    }
  | { type: 'button'; label: string; href: string };

export interface CampaignEmailData {
  subject: string;
  blocks: CampaignEmailBlock[];
  /** The open-tracking image, or null (previews and test sends). */
  pixel_url: string | null;
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function Block({ block }: { block: CampaignEmailBlock }) {
  switch (block.type) {
    case 'text':
      return paragraphsOf(block.text).map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs may repeat; their order is fixed.
        <Text key={i} style={{ ...textStyle, whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ));
    case 'image': {
      const image = <Img src={block.src} alt={block.alt} width="496" style={{ maxWidth: '100%' }} />;
      return (
        <Section style={{ margin: '16px 0' }}>
          {block.href ? <Link href={block.href}>{image}</Link> : image}
        </Section>
      );
    }
    case 'products':
      return (
        <Section style={{ margin: '16px 0' }}>
          {block.items.map((item) => (
            <Section key={item.href} style={{ margin: '0 0 16px' }}>
              {item.image ? (
                <Link href={item.href}>
                  <Img src={item.image} alt="" width="160" style={{ borderRadius: 6 }} />
                </Link>
              ) : null}
              <Text style={{ ...textStyle, fontWeight: 600, margin: '8px 0 0' }}>
                <Link href={item.href} style={{ color: '#111111' }}>
                  {item.name}
                </Link>
              </Text>
              <Text style={{ ...mutedStyle, margin: 0 }}>{item.price}</Text>
            </Section>
          ))}
        </Section>
      );
    case 'button':
      return <ActionButton href={block.href}>{block.label}</ActionButton>;
  }
}

/**
 * An email campaign (marketing: only with consent, always with unsubscribe). Its words are the
 * merchant's blocks, rendered as text like every other email; it is not in the templates editor.
 */
export const campaignTemplate = defineTemplate<CampaignEmailData>({
  kind: 'campaign',
  name: 'Campaign',
  description: 'An email campaign to a segment of customers.',
  marketing: true,
  subject: '{subject}',
  intro: '',
  variables: (data) => ({ subject: data.subject }),
  sample: (shop) => ({
    subject: `News from ${shop.name}`,
    blocks: [{ type: 'text', text: 'Our new collection is here.' }],
    pixel_url: null,
  }),
  Body: ({ data }) => (
    <>
      {data.blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids; their order is the email's.
        <Block key={i} block={block} />
      ))}
      {data.pixel_url ? <Img src={data.pixel_url} alt="" width="1" height="1" /> : null}
    </>
  ),
});
