import { DEFAULT_COUNTRY } from '@cartwheel/shared/constants';
import { type CustomerInfoInput, customerInfo } from '@cartwheel/shared/contracts/checkout';
import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@cartwheel/ui/dialog';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';

export interface CheckoutDialogProps {
  /** Units in the cart; checking out an empty cart is refused. */
  itemCount: number;
  /** Closes the cart panel (after redirecting to payment, or on the way to /auth). */
  onDone: () => void;
}

type FieldName = FieldPath<CustomerInfoInput>;

const FIELDS: Array<{ name: FieldName; label: string; type?: string; autoComplete: string; half?: boolean }> =
  [
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'firstName', label: 'First Name', autoComplete: 'given-name', half: true },
    { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', half: true },
    { name: 'address', label: 'Address', autoComplete: 'street-address' },
    { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
    { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code', half: true },
    { name: 'country', label: 'Country', autoComplete: 'country' },
  ];

/** Opens the payment page in a new tab; falls back to this tab when a popup blocker says no. */
function openPaymentPage(url: string) {
  const tab = window.open(url, '_blank');
  if (!tab) {
    window.location.assign(url);
    return;
  }
  try {
    // The payment page has no business with this window.
    tab.opener = null;
  } catch {
    // Already cross-origin: nothing to cut.
  }
}

/**
 * The cart panel's Checkout button and its dialog: sign-in and a non-empty
 * cart are required, every shipping field is required, and a successful session opens the payment page
 * in a new tab and closes the panel. The cart itself stays until the payment succeeds.
 */
export function CheckoutDialog({ itemCount, onDone }: CheckoutDialogProps) {
  const { user, profile, isSignedIn, isLoading } = useMe();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const checkout = useCreateCheckoutSession();
  const formId = useId();
  const form = useForm<CustomerInfoInput>({
    resolver: zodResolver(customerInfo),
    defaultValues: {
      email: user?.email ?? '',
      firstName: profile?.first_name ?? '',
      lastName: profile?.last_name ?? '',
      address: '',
      city: '',
      postalCode: '',
      country: DEFAULT_COUNTRY,
    },
  });
  const { errors } = form.formState;

  const start = () => {
    if (!isSignedIn) {
      toast.error('Please sign in to complete your purchase');
      onDone();
      navigate('/auth');
      return;
    }
    if (itemCount <= 0) {
      toast.error('Your cart is empty');
      return;
    }
    // Fill in what the account knows, keeping anything already typed.
    const values = form.getValues();
    form.reset({
      ...values,
      email: values.email || user?.email || '',
      firstName: values.firstName || profile?.first_name || '',
      lastName: values.lastName || profile?.last_name || '',
    });
    setOpen(true);
  };

  const submit = form.handleSubmit(async (values) => {
    if (itemCount <= 0) {
      toast.error('Your cart is empty');
      return;
    }
    try {
      const { url } = await checkout.mutateAsync(values);
      if (!url) {
        toast.error('No checkout URL received');
        return;
      }
      toast.success('Redirecting to payment...');
      openPaymentPage(url);
      setOpen(false);
      onDone();
    } catch (error) {
      toast.error(`Checkout failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });

  const processing = checkout.isPending || form.formState.isSubmitting;

  return (
    <>
      <Button className="w-full" size="lg" onClick={start} disabled={isLoading} data-testid="checkout-button">
        {isSignedIn || isLoading ? 'Checkout' : 'Sign in to Checkout'}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !processing && setOpen(next)}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Checkout</DialogTitle>
            <DialogDescription>Enter your shipping information to continue to payment.</DialogDescription>
          </DialogHeader>
          <form id={formId} noValidate onSubmit={submit} className="grid grid-cols-2 gap-4">
            {FIELDS.map((field) => {
              const id = `${formId}-${field.name}`;
              const message = errors[field.name]?.message;
              return (
                <div
                  key={field.name}
                  className={field.half ? 'col-span-2 grid gap-2 sm:col-span-1' : 'col-span-2 grid gap-2'}
                >
                  <Label htmlFor={id}>{field.label}</Label>
                  <Input
                    id={id}
                    type={field.type ?? 'text'}
                    autoComplete={field.autoComplete}
                    required
                    disabled={processing}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-error` : undefined}
                    {...form.register(field.name)}
                  />
                  {message ? (
                    <p id={`${id}-error`} className="text-destructive text-sm">
                      {message}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </form>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={processing}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={processing}>
              {processing ? (
                <>
                  <Loader2 aria-hidden="true" className="animate-spin" />
                  Processing...
                </>
              ) : (
                'Continue to Payment'
              )}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
