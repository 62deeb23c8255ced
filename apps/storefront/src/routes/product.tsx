import type { Product } from '@cartwheel/shared/contracts/catalog';
import { isOnSale, toMajorString } from '@cartwheel/shared/money';
import { absoluteUrl, offerOf, productDescription, productJsonLd } from '@cartwheel/shared/seo';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { LoadingRegion, SkeletonStack } from '../components/loading.tsx';
import { PageHead } from '../components/page-head.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { AddToCartForm } from '../features/cart/components/add-to-cart-form.tsx';
import { productQueryOptions, useProduct } from '../features/catalog/api/get-product.ts';
import { CategoryBadges } from '../features/catalog/components/category-badges.tsx';
import { ProductGallery } from '../features/catalog/components/product-gallery.tsx';
import { ProductPrice } from '../features/catalog/components/product-price.tsx';
import { VariantPicker } from '../features/catalog/components/variant-picker.tsx';
import {
  choose,
  initialSelection,
  pickerOptions,
  type Selection,
  selectedVariant,
} from '../features/catalog/lib/variants.ts';
import {
  productReviewsQueryOptions,
  useProductReviews,
} from '../features/reviews/api/get-product-reviews.ts';
import { ProductReviews } from '../features/reviews/components/product-reviews.tsx';
import { Stars } from '../features/reviews/components/stars.tsx';
import { BackInStockForm } from '../features/stock-alerts/components/back-in-stock-form.tsx';
import { MemberPrice } from '../features/wholesale/components/member-price.tsx';
import { WishlistHeart } from '../features/wishlist/components/wishlist-heart.tsx';
import { useT } from '../i18n/i18n.tsx';
import { useCurrency, useSite, useStoreTitle, useWeightUnit } from '../lib/site.ts';

export const handle: RouteHandle = {
  // The reviews' first page is in the server's render too: the JSON-LD has the product's rating.
  prefetch: ({ queryClient, params }) =>
    Promise.all([
      queryClient.prefetchQuery(productQueryOptions(params.slug ?? '')),
      queryClient.prefetchQuery(productReviewsQueryOptions(params.slug ?? '')),
    ]),
};

export function ProductRoute() {
  const { slug = '' } = useParams();
  const { data: product, isPending, isError } = useProduct(slug);

  if (isPending) return <ProductSkeleton />;
  // Any load error (404, network, server) shows the same page.
  if (isError) return <ProductNotFound />;
  // Keyed by product: another product starts with its own selection and images.
  return <ProductDetail key={product.id} product={product} />;
}

/** The variant the page shows: the chosen one, or for variants without options the first in stock. */
function useVariantChoice(product: Product) {
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product));
  const options = pickerOptions(product);
  const variant =
    product.variants.length === 0
      ? undefined
      : options.length > 0
        ? selectedVariant(product, selection)
        : (product.variants.find((v) => v.inventory_level > 0) ?? product.variants[0]);
  const onChoose = (optionId: string, valueId: string) =>
    setSelection((current) => choose(product, current, optionId, valueId));
  return { selection, variant, onChoose, needsVariant: product.variants.length > 0 };
}

function availabilityText(t: ReturnType<typeof useT>, stock: number, warningLevel: number): string {
  if (stock <= 0) return t('product.availability.outOfStock');
  if (stock <= warningLevel) return t('product.availability.low', { count: stock });
  return t('product.availability.inStock');
}

function ProductDetail({ product }: { product: Product }) {
  const t = useT();
  // The pages above a product page, each followed by a chevron before the product's own name.
  const breadcrumb = [
    { to: '/', label: t('header.homeLink') },
    { to: '/products', label: t('header.productsLink') },
  ];
  const { selection, variant, onChoose, needsVariant } = useVariantChoice(product);
  const priceSource = variant ?? product;
  const stock = needsVariant ? (variant?.inventory_level ?? 0) : product.inventory_level;
  const sku = variant?.sku ?? product.sku;
  const weight = variant?.weight ?? product.weight;
  const weightUnit = useWeightUnit();
  const onSale = isOnSale(priceSource);
  const shopName = useSite().data?.store.name ?? 'Cartwheel';

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-8">
      <ProductHead product={product} />
      <Breadcrumb trail={breadcrumb} current={product.name} className="mb-6" />

      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <ProductGallery product={product} variantImageId={variant?.image_id ?? null} />
        <div className="flex min-w-0 flex-col gap-4">
          {product.brand ? <p className="text-muted-foreground text-sm">{product.brand.name}</p> : null}
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-balance font-bold text-2xl tracking-tight sm:text-3xl">{product.name}</h1>
            <WishlistHeart productId={product.id} productName={product.name} className="shrink-0" />
          </div>
          <RatingLine slug={product.slug} />
          <ul className="flex flex-wrap gap-2" aria-label={t('product.badges')}>
            {onSale ? (
              <li>
                <Badge variant="destructive">{t('product.sale')}</Badge>
              </li>
            ) : null}
            {product.is_featured ? (
              <li>
                <Badge>{t('product.featured')}</Badge>
              </li>
            ) : null}
            <li>
              <Badge variant="outline">{conditionLabel(t, product.condition)}</Badge>
            </li>
            {stock <= 0 ? (
              <li>
                <Badge variant="secondary">{t('product.availability.outOfStock')}</Badge>
              </li>
            ) : null}
          </ul>
          <div data-testid="product-price" aria-live="polite">
            <ProductPrice price={priceSource.price} sale_price={priceSource.sale_price} size="lg" />
          </div>
          <MemberPrice productId={product.id} variantId={variant?.id ?? null} />
          <CategoryBadges categories={product.categories} linked />
          {product.description ? (
            <p className="whitespace-pre-line text-muted-foreground leading-relaxed">{product.description}</p>
          ) : null}

          <VariantPicker product={product} selection={selection} onChoose={onChoose} />

          <AddToCartForm
            productId={product.id}
            variantId={variant?.id ?? null}
            productName={product.name}
            available={stock}
            disabled={needsVariant && !variant}
            giftCard={product.is_gift_card === true}
          />
          <SoldOutAlert product={product} variant={variant} stock={stock} />

          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t pt-4 text-sm">
            <dt className="text-muted-foreground">{t('product.sku')}</dt>
            <dd className="font-mono" data-testid="product-sku">
              {sku}
            </dd>
            {weight != null ? (
              <>
                <dt className="text-muted-foreground">{t('product.weight')}</dt>
                <dd data-testid="product-weight">{t.weight(weight, weightUnit)}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t('product.availability')}</dt>
            <dd
              data-testid="product-availability"
              className={stock <= 0 ? 'font-medium text-destructive' : 'font-medium text-emerald-700'}
            >
              {availabilityText(t, stock, product.inventory_warning_level)}
            </dd>
          </dl>
        </div>
      </div>
      <ProductReviews slug={product.slug} productName={product.name} shopName={shopName} />
    </div>
  );
}

/**
 * "Email me when it's back": open under a sold-out product or variant; behind a disclosure when only
 * some variants are sold out (the picker offers only what can be bought).
 */
function SoldOutAlert({
  product,
  variant,
  stock,
}: {
  product: Product;
  variant: Product['variants'][number] | undefined;
  stock: number;
}) {
  const t = useT();
  if (product.variants.length === 0) {
    return stock <= 0 ? (
      <BackInStockForm productId={product.id} choices={[{ variantId: null, title: null }]} />
    ) : null;
  }
  const soldOut = product.variants
    .filter((v) => v.inventory_level <= 0)
    .sort((a, b) => (a.id === variant?.id ? -1 : b.id === variant?.id ? 1 : 0))
    .map((v) => ({ variantId: v.id, title: v.title }));
  if (soldOut.length === 0) return null;
  const form = <BackInStockForm key={soldOut[0]!.variantId} productId={product.id} choices={soldOut} />;
  if (stock <= 0) return form;
  return (
    <details className="rounded-md border p-3 text-sm" data-testid="back-in-stock-details">
      <summary className="cursor-pointer font-medium">{t('stockAlert.otherSoldOut')}</summary>
      <div className="mt-3">{form}</div>
    </details>
  );
}

/** The product's average and review count under its name, linking to the reviews. */
function RatingLine({ slug }: { slug: string }) {
  const t = useT();
  const summary = useProductReviews(slug).data?.summary;
  if (!summary || summary.count === 0 || summary.average === null) return null;
  const average = t.number(summary.average, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <a
      href="#reviews-heading"
      className="flex items-center gap-2 text-sm hover:underline"
      data-testid="product-rating"
    >
      <Stars rating={summary.average} label={t('reviews.average', { average })} />
      <span>{average}</span>
      <span className="text-muted-foreground">({t('reviews.count', { count: summary.count })})</span>
    </a>
  );
}

/** Search engines and link previews: the product's listing, its offer and its schema.org data. */
function ProductHead({ product }: { product: Product }) {
  const storeTitle = useStoreTitle();
  const publicUrl = useSite().data?.public_url ?? '';
  const image = product.images[0];
  const currency = useCurrency();
  const price = toMajorString(offerOf(product).price, currency);
  const reviews = useProductReviews(product.slug).data;
  return (
    <PageHead
      title={`${product.seo_title || product.name} | ${storeTitle}`}
      description={productDescription(product, storeTitle)}
      path={`/product/${encodeURIComponent(product.slug)}`}
      og={{
        'og:type': 'product',
        'og:image': image ? absoluteUrl(publicUrl, image.url) : undefined,
        'product:price:amount': price,
        'product:price:currency': currency,
      }}
      jsonLd={productJsonLd(product, publicUrl, storeTitle, currency, reviews)}
    />
  );
}

/** The condition's words in the page's language (the catalog stores 'new', 'used', 'refurbished'). */
function conditionLabel(t: ReturnType<typeof useT>, condition: string): string {
  if (condition === 'new') return t('product.condition.new');
  if (condition === 'used') return t('product.condition.used');
  if (condition === 'refurbished') return t('product.condition.refurbished');
  return condition;
}

function ProductNotFound() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <PageTitle page={t('product.notFound.title')} />
      <h1 className="font-bold text-2xl">{t('product.notFound.title')}</h1>
      <p className="text-muted-foreground">{t('product.notFound.text')}</p>
      <Button asChild>
        <Link to="/products">{t('product.notFound.back')}</Link>
      </Button>
    </div>
  );
}

function ProductSkeleton() {
  const t = useT();
  return (
    <LoadingRegion label={t('product.loading')} className="mx-auto max-w-6xl px-4 py-8">
      <Skeleton className="mb-6 h-5 w-64 max-w-full" />
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <Skeleton className="aspect-square w-full rounded-xl!" />
        <SkeletonStack bars={['h-9 w-3/4', 'h-8 w-32', 'h-6 w-40', 'h-24 w-full']} className="gap-4" />
      </div>
    </LoadingRegion>
  );
}
