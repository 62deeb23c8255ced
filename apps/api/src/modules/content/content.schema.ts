import type { ImageVariant } from '@cartwheel/shared/contracts/catalog';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A page of the storefront written in the back office (About, Shipping & Returns...): Markdown served
 * at /pages/:slug once published, listed in the footer and the sitemap. The hero, the announcement
 * bar and the Online Store settings are rows of `settings` (site-settings.ts).
 */
export const contentPages = pgTable('content_pages', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique('content_pages_slug_key'),
  body: text('body').notNull().default(''),
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
  published: boolean('published').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An image uploaded for the storefront's content (hero, logo, social image): the stored WebP's URL,
 * its size and its AVIF and WebP copies by width, made with the upload (content-images.ts). The
 * settings name images by URL; the site data looks their copies up here.
 */
export const contentImages = pgTable('content_images', {
  url: text('url').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variants: jsonb('variants').$type<ImageVariant[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
