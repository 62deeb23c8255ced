import { FEATURED_LIMIT, LATEST_LIMIT } from '@cartwheel/shared/constants';
import { HERO_IMAGE_BOX, HERO_IMAGE_SIZES, imageOf } from '@cartwheel/shared/images';
import { Button } from '@cartwheel/ui/button';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { Link } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { PageHead } from '../components/page-head.tsx';
import { productsQueryOptions, useProducts } from '../features/catalog/api/get-products.ts';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { HeroLink } from '../features/content/components/hero-link.tsx';
import { cardHeart } from '../features/wishlist/components/wishlist-heart.tsx';
import { useT } from '../i18n/i18n.tsx';
import { useSite, useStoreTitle } from '../lib/site.ts';

const FEATURED = { featured: true, limit: FEATURED_LIMIT } as const;
const LATEST = { sort: 'newest', limit: LATEST_LIMIT } as const;

export const handle: RouteHandle = {
  prefetch: ({ queryClient }) =>
    Promise.all([
      queryClient.prefetchQuery(productsQueryOptions(FEATURED)),
      queryClient.prefetchQuery(productsQueryOptions(LATEST)),
    ]),
};

export function HomeRoute() {
  const featured = useProducts(FEATURED);
  const latest = useProducts(LATEST);
  const site = useSite().data;
  const storeTitle = useStoreTitle();
  const hero = site?.hero;
  const t = useT();

  return (
    <>
      <PageHead
        title={site?.store.seo_title || storeTitle}
        description={site?.store.seo_description}
        path="/"
      />
      <section className="border-b bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
          {hero ? (
            <>
              <h1 className="max-w-2xl text-balance font-bold text-4xl tracking-tight md:text-5xl">
                {hero.title}
              </h1>
              {hero.subtitle ? (
                <p className="max-w-xl text-balance text-lg text-muted-foreground">{hero.subtitle}</p>
              ) : null}
              <div className="flex flex-wrap justify-center gap-3">
                <Button asChild size="lg">
                  <HeroLink to={hero.primary_button.link}>{hero.primary_button.label}</HeroLink>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <HeroLink to={hero.secondary_button.link}>{hero.secondary_button.label}</HeroLink>
                </Button>
              </div>
              {hero.image_url && site ? (
                <ResponsiveImage
                  image={imageOf(site.images, hero.image_url)}
                  alt=""
                  {...HERO_IMAGE_BOX}
                  sizes={HERO_IMAGE_SIZES}
                  priority
                  className="max-h-80 w-full max-w-3xl rounded-xl object-cover"
                />
              ) : null}
            </>
          ) : (
            <div aria-hidden="true" className="h-40 w-full max-w-2xl animate-pulse rounded-md bg-muted" />
          )}
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="featured-heading" className="mb-6 font-bold text-2xl tracking-tight">
          {t('home.featured')}
        </h2>
        <ProductGrid
          cardAction={cardHeart}
          products={featured.data?.items}
          isPending={featured.isPending}
          error={featured.error}
          skeletonCount={4}
        />
      </section>

      <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 pb-16">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="latest-heading" className="font-bold text-2xl tracking-tight">
            {t('home.latest')}
          </h2>
          <Link
            to="/products"
            className="rounded-sm font-medium text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t('home.viewAll')}
          </Link>
        </div>
        <ProductGrid
          cardAction={cardHeart}
          products={latest.data?.items.slice(0, LATEST_LIMIT)}
          isPending={latest.isPending}
          error={latest.error}
          skeletonCount={8}
        />
      </section>
    </>
  );
}
