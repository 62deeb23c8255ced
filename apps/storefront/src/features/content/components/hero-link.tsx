import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/** A link the shop wrote: a path of the shop goes through the router, any other URL is a plain link. */
export function HeroLink({ to, ...props }: { to: string } & Omit<ComponentProps<'a'>, 'href'>) {
  if (to.startsWith('/') && !to.startsWith('//')) return <Link to={to} {...props} />;
  return <a href={to} rel="noopener noreferrer" {...props} />;
}
