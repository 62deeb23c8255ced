import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { Link, useParams } from 'react-router';
import { UnsavedChangesGuard } from '../components/unsaved-changes.tsx';
import { AppPanels } from '../features/apps/components/app-panels.tsx';
import { GiftCardProductCard } from '../features/gift-cards/components/gift-card-product-card.tsx';
import { ProductStockCard } from '../features/locations/components/product-stock-card.tsx';
import { MarketPricesCard } from '../features/markets/components/market-prices-card.tsx';
import { useProduct } from '../features/products/api/get-product.ts';
import { ProductEditor } from '../features/products/components/product-editor.tsx';
import { FinalSaleCard } from '../features/returns/components/final-sale-card.tsx';
import { ProductSalesChannelsCard } from '../features/sales-channels/components/product-sales-channels-card.tsx';
import { TranslateLinkCard } from '../features/translations/components/translate-link-card.tsx';
import { useCan } from '../lib/use-can.ts';

/** /admin/products/new and /admin/products/:productId: the product editor, which warns before leaving unsaved changes. */
export function ProductEditRoute() {
  const { productId } = useParams();
  const can = useCan();
  const canEdit = can('products.write');
  const product = useProduct(productId);

  if (!productId) {
    return (
      <UnsavedChangesGuard>
        <ProductEditor key="new" canEdit={canEdit} />
      </UnsavedChangesGuard>
    );
  }
  if (product.isPending) {
    return (
      <div aria-busy="true" className="grid gap-6">
        <span className="sr-only" role="status">
          Loading product...
        </span>
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-96 lg:col-span-2" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  }
  if (product.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-md border border-destructive/50 p-4"
      >
        <title>Product not found | Cartwheel Admin</title>
        <p className="font-medium text-destructive">
          {product.error instanceof Error && 'status' in product.error && product.error.status === 404
            ? 'Product not found'
            : 'Error loading product'}
        </p>
        <p className="text-muted-foreground text-sm">{getErrorMessage(product.error)}</p>
        <Button variant="outline" asChild>
          <Link to="/products">Back to Products</Link>
        </Button>
      </div>
    );
  }
  return (
    <UnsavedChangesGuard>
      <ProductEditor
        key={product.data.id}
        product={product.data}
        canEdit={canEdit}
        sideCards={
          <>
            <ProductSalesChannelsCard productId={product.data.id} canEdit={canEdit} />
            <MarketPricesCard product={product.data} canEdit={canEdit} />
            <FinalSaleCard productId={product.data.id} canEdit={canEdit} />
            <GiftCardProductCard productId={product.data.id} canEdit={canEdit} />
            <TranslateLinkCard type="product" resourceKey={product.data.id} />
            <AppPanels resource="product" id={product.data.id} />
          </>
        }
      />
      <div className="mt-6 grid min-w-0 grid-cols-1">
        <ProductStockCard productId={product.data.id} />
      </div>
    </UnsavedChangesGuard>
  );
}
