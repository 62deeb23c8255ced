import {
  API_KEY_ROLES,
  APP_PANELS,
  type ApiKeyRole,
  type AppPanel,
  type CreatedApp,
  type ShopApp,
} from '@cartwheel/shared/contracts/apps';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Table, TableBody, TableCell, TableRow } from '@cartwheel/ui/table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { LoadError, LoadingBlocks } from '../../../components/load-state.tsx';
import { useCreateShopApp, useDeleteShopApp, useShopApps } from '../api/app-extensions.ts';
import { SecretReveal } from './secret-reveal.tsx';

const PANEL_LABELS: Record<AppPanel, string> = {
  order: 'Orders',
  product: 'Products',
  customer: 'Customers',
};

function AddAppDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedApp) => void;
}) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('staff');
  const [sidebarLabel, setSidebarLabel] = useState('');
  const [panels, setPanels] = useState<AppPanel[]>([]);
  const create = useCreateShopApp();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, url, role, sidebar_label: sidebarLabel, panels },
      {
        onSuccess: (created) => {
          setName('');
          setUrl('');
          setSidebarLabel('');
          setPanels([]);
          onOpenChange(false);
          onCreated(created);
        },
        onError: (error) => toast.error(`Failed to add the app: ${getErrorMessage(error)}`),
      },
    );
  };
  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      title="Add app"
      description="The app gets an API key with this role, and draws its pages in the back office."
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor="app-name">Name</Label>
          <Input id="app-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="app-url">App URL</Label>
          <Input
            id="app-url"
            type="url"
            placeholder="https://app.example.com/cartwheel"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="app-role">Role</Label>
          <NativeSelect id="app-role" value={role} onChange={(e) => setRole(e.target.value as ApiKeyRole)}>
            {API_KEY_ROLES.map((r) => (
              <option key={r} value={r}>
                {r[0]!.toUpperCase() + r.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="app-sidebar-label">Sidebar link (optional)</Label>
          <Input
            id="app-sidebar-label"
            value={sidebarLabel}
            onChange={(e) => setSidebarLabel(e.target.value)}
            maxLength={40}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Panels on</legend>
          {APP_PANELS.map((panel) => (
            <div key={panel} className="flex items-center gap-2">
              <Checkbox
                id={`app-panel-${panel}`}
                checked={panels.includes(panel)}
                onCheckedChange={(checked) =>
                  setPanels((list) => (checked === true ? [...list, panel] : list.filter((p) => p !== panel)))
                }
              />
              <Label htmlFor={`app-panel-${panel}`} className="font-normal">
                {PANEL_LABELS[panel]}
              </Label>
            </div>
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !name.trim() || !url.trim()}>
            {create.isPending ? 'Adding...' : 'Add app'}
          </Button>
        </div>
      </form>
    </DialogLayout>
  );
}

/** Apps that draw in the back office: add (the key and secret are shown once), list, remove. */
export function ShopAppsCard() {
  const apps = useShopApps();
  const remove = useDeleteShopApp();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedApp | null>(null);
  const [shownSecret, setShownSecret] = useState(false);
  const [removing, setRemoving] = useState<ShopApp | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>Apps in the back office</h2>
          </CardTitle>
          <CardDescription>
            An app adds a sidebar link and panels on orders, products and customers, drawn in a sandboxed
            frame told who is looking at what by a signed token.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add app
        </Button>
      </CardHeader>
      <CardContent>
        {apps.isPending ? (
          <LoadingBlocks />
        ) : apps.isError ? (
          <LoadError title="Error loading apps" error={apps.error} />
        ) : apps.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No apps yet.</p>
        ) : (
          <Table>
            <ActionsTableHeader titles={['Name', 'URL', 'Role', 'Sidebar link', 'Panels']} />
            <TableBody>
              {apps.data.items.map((app) => (
                <TableRow key={app.id} data-testid="shop-app-row">
                  <TableCell className="max-w-48 truncate font-medium">{app.name}</TableCell>
                  <TableCell className="max-w-64 truncate">{app.url}</TableCell>
                  <TableCell className="capitalize">{app.role}</TableCell>
                  <TableCell>{app.sidebar_label ?? 'None'}</TableCell>
                  <TableCell>{app.panels.map((p) => PANEL_LABELS[p]).join(', ') || 'None'}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="outline" size="sm" onClick={() => setRemoving(app)}>
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <AddAppDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(app) => {
          setCreated(app);
          setShownSecret(false);
        }}
      />
      <SecretReveal
        title="The app's signing secret"
        label="Signing secret"
        secret={created && !shownSecret ? created.secret : null}
        onClose={() => setShownSecret(true)}
      />
      <SecretReveal
        title="The app's API key"
        label="API key"
        secret={created && shownSecret ? created.token : null}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove app?"
        description={`"${removing?.name ?? ''}" loses its API key, sidebar link and panels. This can't be undone.`}
        confirmLabel="Remove app"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success('App removed');
              setRemoving(null);
            },
            onError: (error) => toast.error(`Failed to remove the app: ${getErrorMessage(error)}`),
          })
        }
      />
    </Card>
  );
}
