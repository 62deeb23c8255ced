import { guardCell } from '@cartwheel/shared/csv-cell';
import { stringify } from 'csv-stringify/sync';
import { XMLBuilder } from 'fast-xml-parser';
import type { FeedItem } from './feeds.service.ts';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

/**
 * Google Merchant Center's feed: RSS 2.0 with the g: namespace, one <item> per feed item. The XML
 * builder escapes every text (&, <, >, quotes); feeds.service.ts has already removed the control
 * characters XML cannot carry.
 */
export function googleFeedXml(items: FeedItem[], shop: { name: string; publicUrl: string }): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:g': 'http://base.google.com/ns/1.0',
      channel: {
        title: shop.name,
        link: shop.publicUrl,
        description: `Products of ${shop.name}`,
        item: items.map((item) => ({
          'g:id': item.id,
          'g:title': item.title,
          'g:description': item.description,
          'g:link': item.link,
          'g:image_link': item.imageLink,
          ...(item.additionalImageLinks.length
            ? { 'g:additional_image_link': item.additionalImageLinks }
            : {}),
          'g:availability': item.inStock ? 'in_stock' : 'out_of_stock',
          'g:price': item.price,
          ...(item.salePrice ? { 'g:sale_price': item.salePrice } : {}),
          'g:brand': item.brand,
          ...(item.gtin ? { 'g:gtin': item.gtin } : {}),
          ...(item.mpn ? { 'g:mpn': item.mpn } : {}),
          // Without a GTIN or MPN Google needs to be told the product has none.
          ...(item.gtin || item.mpn ? {} : { 'g:identifier_exists': 'no' }),
          'g:condition': item.condition,
          ...(item.groupId ? { 'g:item_group_id': item.groupId } : {}),
        })),
      },
    },
  });
}

/** Meta (Facebook, Instagram) catalog columns, in Meta's names. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'sale_price',
  'item_group_id',
  'gtin',
  'mpn',
  'additional_image_link',
] as const;

/**
 * Meta's catalog as CSV (RFC 4180 quoting by csv-stringify). Shop-written text is guarded against
 * spreadsheet formulas, as in every CSV the shop makes, should the owner open the file.
 */
export function metaFeedCsv(items: FeedItem[]): string {
  return stringify(
    items.map((item) => ({
      id: item.id,
      title: guardCell(item.title),
      description: guardCell(item.description),
      availability: item.inStock ? 'in stock' : 'out of stock',
      condition: item.condition,
      price: item.price,
      link: item.link,
      image_link: item.imageLink,
      brand: guardCell(item.brand),
      sale_price: item.salePrice ?? '',
      item_group_id: item.groupId ?? '',
      gtin: item.gtin ?? '',
      mpn: item.mpn ?? '',
      additional_image_link: item.additionalImageLinks.join(','),
    })),
    { header: true, columns: [...META_COLUMNS] },
  );
}
