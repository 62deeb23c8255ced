// Route modules that are loaded ahead of their first render (see preload.ts): one promise per module,
// shared with the router's lazy() so the code is fetched and evaluated once.
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

export const loadProductRoute = once(() => import('../routes/product.tsx'));
export const loadProductsRoute = once(() => import('../routes/products.tsx'));
export const loadCategoryRoute = once(() => import('../routes/category.tsx'));
