// Route modules that are loaded ahead of their first render (see preload.ts): one promise per module,
// shared with the router's lazy() so the code is fetched and evaluated once.
let productRoute: Promise<typeof import('../routes/product.tsx')> | undefined;

export const loadProductRoute = () => {
  productRoute ??= import('../routes/product.tsx');
  return productRoute;
};
