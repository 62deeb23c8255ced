import { type ReturnSettings, returnSettings } from '@cartwheel/shared/contracts/returns';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useSaveReturnSettings } from '../api/returns.ts';

const FIELDS = [
  ['name', 'Name'],
  ['address_line_1', 'Address'],
  ['address_line_2', 'Address line 2'],
  ['city', 'City'],
  ['state_province', 'State or province'],
  ['postal_code', 'Postal code'],
  ['country', 'Country (2 letters)'],
] as const;

type AddressForm = Record<(typeof FIELDS)[number][0], string>;
const EMPTY: AddressForm = {
  name: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state_province: '',
  postal_code: '',
  country: '',
};

/** The return window and the address printed on return labels (admins). */
export function ReturnSettingsCard({ settings }: { settings: ReturnSettings }) {
  const save = useSaveReturnSettings();
  const [days, setDays] = useState(String(settings.window_days));
  const [address, setAddress] = useState<AddressForm>({
    ...EMPTY,
    ...Object.fromEntries(Object.entries(settings.address ?? {}).map(([k, v]) => [k, v ?? ''])),
  });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = returnSettings.safeParse({ window_days: Number(days), address });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the fields');
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Return settings saved'),
      onError: (error) => toast.error(`Failed to save the return settings: ${getErrorMessage(error)}`),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Return settings</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Return settings">
          <div className="space-y-1 sm:col-span-2">
            <Label htmlFor="return-window">Return window (days after delivery)</Label>
            <Input
              id="return-window"
              type="number"
              min={0}
              max={365}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              className="w-32"
            />
          </div>
          {FIELDS.map(([key, label]) => (
            <div key={key} className="space-y-1">
              <Label htmlFor={`return-address-${key}`}>{label}</Label>
              <Input
                id={`return-address-${key}`}
                value={address[key]}
                onChange={(e) => setAddress((a) => ({ ...a, [key]: e.target.value }))}
              />
            </div>
          ))}
          {problem ? (
            <p role="alert" className="text-destructive text-sm sm:col-span-2">
              {problem}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              Save return settings
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
