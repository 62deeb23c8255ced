import { Card, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import {
  ChevronRight,
  CreditCard,
  FileText,
  Globe,
  ListChecks,
  ShoppingCart,
  Truck,
  Warehouse,
} from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';

const SECTIONS = [
  {
    to: '/settings/shipping',
    title: 'Shipping and taxes',
    description: 'Where you ship, the shipping methods and rates of each zone, and its tax rate.',
    icon: Truck,
  },
  {
    to: '/settings/markets',
    title: 'Markets',
    description: 'Where you sell in which currency and languages, price rounding and the exchange rates.',
    icon: Globe,
  },
  {
    to: '/settings/checkout',
    title: 'Checkout',
    description:
      'The store currency, guest checkout, how long a checkout holds stock, and whether prices include tax.',
    icon: ShoppingCart,
  },
  {
    to: '/settings/payments',
    title: 'Payments',
    description: 'The payment provider shoppers pay through: Stripe, PayPal or test payments.',
    icon: CreditCard,
  },
  {
    to: '/settings/locations',
    title: 'Locations',
    description: 'Warehouses, shops and pop-ups that hold stock, and which of them sell online.',
    icon: Warehouse,
  },
  {
    to: '/settings/documents',
    title: 'Invoices',
    description:
      'Your business address and VAT ID on invoices, and how invoices and credit notes are numbered.',
    icon: FileText,
  },
  {
    to: '/settings/jobs',
    title: 'Jobs',
    description: 'Background work: what is waiting, what failed, and when scheduled jobs last ran.',
    icon: ListChecks,
  },
];

/** /admin/settings (admins): the settings sections. */
export function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" />
      <nav aria-label="Settings sections" className="grid gap-4 md:grid-cols-2">
        {SECTIONS.map(({ to, title, description, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Card className="h-full transition-colors hover:bg-accent">
              <CardHeader className="flex flex-row items-start gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="flex flex-1 flex-col gap-1">
                  <CardTitle>
                    <h2>{title}</h2>
                  </CardTitle>
                  <CardDescription>{description}</CardDescription>
                </div>
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
              </CardHeader>
            </Card>
          </Link>
        ))}
      </nav>
    </>
  );
}
