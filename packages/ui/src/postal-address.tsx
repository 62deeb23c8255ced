import { formatAddressLines } from '@cartwheel/shared/address';
import type { ShippingAddress } from '@cartwheel/shared/contracts/orders';
import { type ComponentProps, Fragment } from 'react';
import { cn } from './lib/utils.ts';

export type PostalAddressProps = Omit<ComponentProps<'address'>, 'children'> & {
  address: ShippingAddress;
};

/** An address as lines in an <address> element: name, street lines, city line, country. */
export function PostalAddress({ address, className, ...props }: PostalAddressProps) {
  return (
    <address className={cn('not-italic', className)} {...props}>
      {formatAddressLines(address).map((line, index) => (
        // The lines of one address differ from each other, so each is its own key.
        <Fragment key={line}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
