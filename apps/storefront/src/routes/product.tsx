import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { ChevronRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useProduct } from '../features/catalog/api/get-product.ts';
import { CategoryBadges } from '../features/catalog/components/category-badges.tsx';
import { ProductImage } from '../features/catalog/components/product-image.tsx';
import { ProductPrice } from '../features/catalog/components/product-price.tsx';

export function ProductRoute() {
  const { slug = '' } = useParams();
  const { data: product, isPending, isError } = useProduct(slug);

  if (isPending) return <ProductSkeleton />;
  // Any load error (404, network, server) shows the same page (spec section 2).
  if (isError) return <ProductNotFound />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${product.name} | Cartwheel Store`}</title>
      <nav aria-label="Breadcrumb" className="mb-6">
        <ol className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-sm">
          <li>
            <Link to="/" className="hover:text-foreground hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-3.5" />
          </li>
          <li>
            <Link to="/products" className="hover:text-foreground hover:underline">
              Products
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-3.5" />
          </li>
          <li aria-current="page" className="font-medium text-foreground">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="overflow-hidden rounded-xl border">
          <ProductImage product={product} width={800} height={800} priority />
        </div>
        <div className="flex flex-col gap-4">
          {product.brand ? <p className="text-muted-foreground text-sm">{product.brand.name}</p> : null}
          <h1 className="font-bold text-3xl tracking-tight">{product.name}</h1>
          <ProductPrice price={product.price} sale_price={product.sale_price} size="lg" />
          <CategoryBadges categories={product.categories} />
          {product.description ? (
            <p className="whitespace-pre-line text-muted-foreground leading-relaxed">{product.description}</p>
          ) : null}
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t pt-4 text-sm">
            <dt className="text-muted-foreground">SKU</dt>
            <dd>
              <Badge variant="outline" className="font-mono">
                {product.sku}
              </Badge>
            </dd>
          </dl>
        </div>
      </div>
    </div>
  );
}

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <title>Product Not Found | Cartwheel Store</title>
      <h1 className="font-bold text-2xl">Product Not Found</h1>
      <p className="text-muted-foreground">The product you're looking for doesn't exist</p>
      <Button asChild>
        <Link to="/products">Back to Products</Link>
      </Button>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto max-w-6xl px-4 py-8">
      <span className="sr-only" role="status">
        Loading product...
      </span>
      <Skeleton className="mb-6 h-5 w-64" />
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    </div>
  );
}
