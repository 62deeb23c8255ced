import { FEATURED_LIMIT, LATEST_LIMIT } from '@cartwheel/shared/constants';
import { Button } from '@cartwheel/ui/button';
import { Link } from 'react-router';
import { useProducts } from '../features/catalog/api/get-products.ts';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';

export function HomeRoute() {
  const featured = useProducts({ featured: true, limit: FEATURED_LIMIT });
  const latest = useProducts({ sort: 'newest', limit: LATEST_LIMIT });

  return (
    <>
      <title>Cartwheel Store</title>
      <section className="border-b bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
          <h1 className="max-w-2xl text-balance font-bold text-4xl tracking-tight md:text-5xl">
            Everything you need, delivered to your door
          </h1>
          <p className="max-w-xl text-balance text-lg text-muted-foreground">
            Discover quality products at fair prices, from everyday essentials to new arrivals.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/products">Shop Now</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/products?featured=true">View Featured</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="featured-heading" className="mb-6 font-bold text-2xl tracking-tight">
          Featured Products
        </h2>
        <ProductGrid
          products={featured.data?.items}
          isPending={featured.isPending}
          error={featured.error}
          skeletonCount={4}
        />
      </section>

      <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 pb-16">
        <div className="mb-6 flex items-end justify-between gap-4">
          <h2 id="latest-heading" className="font-bold text-2xl tracking-tight">
            Latest Products
          </h2>
          <Link
            to="/products"
            className="rounded-sm font-medium text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            View all products
          </Link>
        </div>
        <ProductGrid
          products={latest.data?.items.slice(0, LATEST_LIMIT)}
          isPending={latest.isPending}
          error={latest.error}
          skeletonCount={8}
        />
      </section>
    </>
  );
}
