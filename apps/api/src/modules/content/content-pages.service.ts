import type { ContentPage, PageInput } from '@cartwheel/shared/contracts/content';
import { asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { slugify } from '../../lib/slug.ts';
import { translatedSql } from '../translations/translated-sql.ts';
import { contentPages } from './content.schema.ts';

type Row = typeof contentPages.$inferSelect;

const toPage = (row: Row): ContentPage => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  body: row.body,
  seo_title: row.seoTitle,
  seo_description: row.seoDescription,
  published: row.published,
  updated_at: row.updatedAt.toISOString(),
});

const pageNotFound = () => notFound('page_not_found', 'Page not found');
const isSlugTaken = (error: unknown) => pgErrorInfo(error)?.constraint === 'content_pages_slug_key';
const slugTaken = (slug: string) => {
  const message = `Another page already uses the slug ${slug}`;
  return conflict('slug_taken', message, [{ field: 'body.slug', message }]);
};

/** Every page, drafts included, most recently edited first. */
export async function listPages(db: Db): Promise<Omit<ContentPage, 'body'>[]> {
  const rows = await db
    .select()
    .from(contentPages)
    .orderBy(desc(contentPages.updatedAt), asc(contentPages.id));
  return rows.map((row) => {
    const { body: _body, ...page } = toPage(row);
    return page;
  });
}

export async function getPage(db: Db, id: string): Promise<ContentPage> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.id, id));
  if (!row) throw pageNotFound();
  return toPage(row);
}

/** A published page by its slug; a draft or unknown slug is not found. */
export async function getPublishedPage(db: Db, slug: string, language = 'en'): Promise<ContentPage> {
  const inLanguage = (field: string, column: SQL) =>
    sql<string>`${translatedSql(language, 'page', sql`${contentPages.id}`, field, column)}`;
  const [row] = await db
    .select({
      ...getTableColumns(contentPages),
      title: inLanguage('title', sql`${contentPages.title}`),
      body: inLanguage('body', sql`${contentPages.body}`),
      seoTitle: inLanguage('seo_title', sql`${contentPages.seoTitle}`),
      seoDescription: inLanguage('seo_description', sql`${contentPages.seoDescription}`),
    })
    .from(contentPages)
    .where(eq(contentPages.slug, slug));
  if (!row?.published) throw pageNotFound();
  return toPage(row);
}

/** Title (in `language`) and slug of every published page, by title (the footer's links and the sitemap). */
export async function listPublishedPages(db: Db, language = 'en') {
  return db
    .select({
      title: sql<string>`${translatedSql(language, 'page', sql`${contentPages.id}`, 'title', sql`${contentPages.title}`)}`,
      slug: contentPages.slug,
      updated_at: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(eq(contentPages.published, true))
    .orderBy(asc(contentPages.title));
}

/** A free slug made from the title: "about", then "about-2", "about-3"... */
async function freeSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title, 'page');
  const taken = new Set((await db.select({ slug: contentPages.slug }).from(contentPages)).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 75)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const columns = (input: PageInput) => ({
  title: input.title,
  body: input.body,
  seoTitle: input.seo_title,
  seoDescription: input.seo_description,
  published: input.published,
});

/** Creates a page; a slug left empty is made from the title, a slug given must be free. */
export async function createPage(db: Db, input: PageInput): Promise<ContentPage> {
  const slug = input.slug || (await freeSlug(db, input.title));
  try {
    const [row] = await db
      .insert(contentPages)
      .values({ ...columns(input), slug })
      .returning();
    return toPage(row!);
  } catch (error) {
    if (isSlugTaken(error)) throw slugTaken(slug);
    throw error;
  }
}

/** Replaces a page's fields; an empty slug keeps the current one. */
export async function updatePage(db: Db, id: string, input: PageInput): Promise<ContentPage> {
  try {
    const [row] = await db
      .update(contentPages)
      .set({ ...columns(input), ...(input.slug ? { slug: input.slug } : {}), updatedAt: new Date() })
      .where(eq(contentPages.id, id))
      .returning();
    if (!row) throw pageNotFound();
    return toPage(row);
  } catch (error) {
    if (isSlugTaken(error)) throw slugTaken(input.slug ?? '');
    throw error;
  }
}

export async function deletePage(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(contentPages)
    .where(eq(contentPages.id, id))
    .returning({ id: contentPages.id });
  if (deleted.length === 0) throw pageNotFound();
}
