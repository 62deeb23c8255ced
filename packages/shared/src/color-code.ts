/**
 * A colour option's value is a hex colour code: "#1f3a5f" or "#abc" (the API refuses anything else).
 * Its own module: the storefront's swatches test it on the server and in the browser alike.
 */
export function isColorCode(value: string): boolean {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}
