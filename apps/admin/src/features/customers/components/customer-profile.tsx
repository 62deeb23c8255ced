import type { CustomerDetail } from '@cartwheel/shared/contracts/customers';
import { formatDate, formatLongDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { Avatar, AvatarFallback } from '@cartwheel/ui/avatar';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { useInviteCustomer } from '../api/invite-customer.ts';

function initials(customer: CustomerDetail): string {
  const letters = `${customer.first_name.charAt(0)}${customer.last_name.charAt(0)}`.trim();
  return (letters || customer.email.charAt(0)).toUpperCase();
}

/** Who the customer is and what they have bought, in four figures. */
export function CustomerProfile({ customer }: { customer: CustomerDetail }) {
  const currency = useBaseCurrency();
  const figures = [
    { label: 'Orders', value: customer.order_count.toLocaleString('en-US') },
    { label: 'Total spent', value: formatMoney(customer.total_spent, currency) },
    { label: 'Average order', value: formatMoney(customer.average_order, currency) },
    {
      label: 'Last order',
      value: customer.last_order_at ? formatDate(customer.last_order_at) : '—',
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar className="size-12">
          <AvatarFallback>{initials(customer)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <a
            href={`mailto:${customer.email}`}
            className="inline-block max-w-full break-all text-muted-foreground text-sm hover:underline"
          >
            {customer.email}
          </a>
          <p className="text-muted-foreground text-xs">
            Customer since {formatLongDate(customer.created_at)}
          </p>
        </div>
        {customer.has_account ? (
          <>
            <Badge variant={customer.email_verified ? 'secondary' : 'outline'}>
              {customer.email_verified ? 'Email verified' : 'Email not verified'}
            </Badge>
            {customer.has_password ? null : <AccountInvite customerId={customer.id} />}
          </>
        ) : (
          // A guest's orders join an account when they sign up and confirm this address.
          <Badge variant="outline">Guest: no account</Badge>
        )}
      </div>
      <section aria-label="Customer figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <Card key={figure.label} className="gap-1 py-4">
            <CardHeader className="gap-1 px-4">
              <CardDescription>{figure.label}</CardDescription>
              <CardTitle className="font-semibold text-xl tabular-nums">{figure.value}</CardTitle>
            </CardHeader>
          </Card>
        ))}
      </section>
    </div>
  );
}

/** An account staff made with an order has no password until its owner chooses one from the invite. */
function AccountInvite({ customerId }: { customerId: string }) {
  const invite = useInviteCustomer();
  return (
    <div className="flex items-center gap-2">
      <Badge variant="outline">No password yet</Badge>
      <Button
        size="sm"
        variant="outline"
        disabled={invite.isPending}
        onClick={() => invite.mutate(customerId)}
      >
        Send account invite
      </Button>
    </div>
  );
}
