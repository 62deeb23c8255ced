import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { Shop } from './template.ts';

const page: CSSProperties = {
  backgroundColor: '#f6f6f6',
  fontFamily: 'system-ui, -apple-system, sans-serif',
};
const card: CSSProperties = {
  backgroundColor: '#ffffff',
  borderRadius: 8,
  margin: '24px auto',
  maxWidth: 560,
  padding: '24px 32px',
};
export const textStyle: CSSProperties = { color: '#111111', fontSize: 15, lineHeight: '24px' };
export const mutedStyle: CSSProperties = { color: '#666666', fontSize: 13, lineHeight: '20px' };
export const buttonStyle: CSSProperties = {
  backgroundColor: '#111111',
  borderRadius: 6,
  color: '#ffffff',
  display: 'inline-block',
  fontSize: 15,
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};

/**
 * Every email's frame: the shop's logo and name, the intro paragraph (the shop's own words, one
 * paragraph per blank-line-separated block, always rendered as text), the template's body and a
 * footer with a link to the shop and, on marketing email, the unsubscribe link.
 */
export function EmailLayout(props: {
  shop: Shop;
  intro: string;
  /** Marketing email's footer: why it was sent and the one-click unsubscribe, in its language. */
  unsubscribe?: { url: string; reason: string; label: string } | undefined;
  /** The email's language (BCP 47). */
  lang?: string;
  children: ReactNode;
}) {
  const { shop, intro } = props;
  const paragraphs = intro
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <Html lang={props.lang ?? 'en'}>
      <Head />
      <Preview>{paragraphs[0] ?? shop.name}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>
            <Img src={shop.logoUrl} alt="" width="32" height="32" style={{ display: 'inline-block' }} />
            <Text style={{ ...textStyle, fontSize: 18, fontWeight: 700, margin: '4px 0 16px' }}>
              {shop.name}
            </Text>
          </Section>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} style={{ ...textStyle, whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))}
          {props.children}
          <Hr style={{ borderColor: '#e5e5e5', margin: '24px 0 12px' }} />
          <Text style={mutedStyle}>
            <Link href={shop.publicUrl} style={{ color: '#666666' }}>
              {shop.name}
            </Link>
          </Text>
          {props.unsubscribe ? (
            <Text style={mutedStyle}>
              {props.unsubscribe.reason}{' '}
              <Link href={props.unsubscribe.url} style={{ color: '#666666' }}>
                {props.unsubscribe.label}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** A call-to-action link drawn as a button. */
export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Link href={props.href} style={buttonStyle}>
        {props.children}
      </Link>
    </Section>
  );
}
