import type {
  SearchSuggestions,
  StorefrontSearchQuery,
  StorefrontSearchResult,
} from '@cartwheel/shared/contracts/storefront-search';

/** A search's answer in the base currency; the route adds the market's prices and currency. */
export type SearchAnswer = Omit<StorefrontSearchResult, 'currency'>;

/**
 * What the storefront's search needs from a search backend. PostgreSQL (full-text search plus
 * pg_trgm, postgres-search.ts) is the default; a search engine for very large catalogs (Meilisearch,
 * Typesense) would implement the same two calls (docs/decisions/0034-storefront-search.md).
 */
export interface SearchProvider {
  /**
   * The catalog page: matching visible products, paged and sorted, with facet counts and "Did you
   * mean"; texts in `language` (English when absent), whose translated names match too.
   */
  search(query: StorefrontSearchQuery, language?: string): Promise<SearchAnswer>;
  /** The header's suggestions while the shopper types: a few products and categories, in `language`. */
  suggest(text: string, language?: string): Promise<SearchSuggestions>;
}
