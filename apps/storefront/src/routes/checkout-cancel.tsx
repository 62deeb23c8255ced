import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { CircleX } from 'lucide-react';
import { Link } from 'react-router';

/** /checkout/cancel: the shopper left the payment page; nothing was charged and the cart is kept. */
export function CheckoutCancelRoute() {
  return (
    <div className="mx-auto flex max-w-xl flex-col px-4 py-16">
      <title>Payment Cancelled | Cartwheel Store</title>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
          <CircleX aria-hidden="true" className="size-16 text-muted-foreground" />
          <h1 className="font-bold text-3xl tracking-tight">Payment Cancelled</h1>
          <p>Your payment was cancelled. No charges were made to your account.</p>
          <p className="text-muted-foreground text-sm">
            Your cart items are still saved and ready for checkout when you're ready.
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/products">Continue Shopping</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">Back to Store</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
