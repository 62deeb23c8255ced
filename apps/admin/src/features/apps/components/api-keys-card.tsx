import { API_KEY_ROLES, type ApiKey, type ApiKeyRole } from '@cartwheel/shared/contracts/apps';
import { formatLogTime } from '@cartwheel/shared/dates';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
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
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';
import { SecretReveal } from './secret-reveal.tsx';

function CreateKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (token: string) => void;
}) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('staff');
  const create = useCreateApiKey();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, role },
      {
        onSuccess: (created) => {
          setName('');
          onOpenChange(false);
          onCreated(created.token);
        },
        onError: (error) => toast.error(`Failed to create the API key: ${getErrorMessage(error)}`),
      },
    );
  };
  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      title="Create API key"
      description="The key acts on the API with this role, never above your own."
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor="api-key-name">Name</Label>
          <Input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="api-key-role">Role</Label>
          <NativeSelect
            id="api-key-role"
            value={role}
            onChange={(e) => setRole(e.target.value as ApiKeyRole)}
          >
            {API_KEY_ROLES.map((r) => (
              <option key={r} value={r}>
                {r[0]!.toUpperCase() + r.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            {create.isPending ? 'Creating...' : 'Create key'}
          </Button>
        </div>
      </form>
    </DialogLayout>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <TableRow data-testid="api-key-row">
      <TableCell className="max-w-48 truncate font-medium">{apiKey.name}</TableCell>
      <TableCell className="capitalize">{apiKey.role}</TableCell>
      <TableCell className="font-mono text-xs">{apiKey.prefix}…</TableCell>
      <TableCell>{formatLogTime(apiKey.created_at)}</TableCell>
      <TableCell>{apiKey.last_used_at ? formatLogTime(apiKey.last_used_at) : 'Never'}</TableCell>
      <TableCell className="text-right">
        {apiKey.revoked_at ? (
          <Badge variant="secondary">Revoked</Badge>
        ) : (
          <Button variant="outline" size="sm" onClick={() => onRevoke(apiKey)}>
            Revoke
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** API keys: create (the token is shown once), list with prefix, role and last use, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>API keys</h2>
          </CardTitle>
          <CardDescription>
            Programs use a key as <code>Authorization: Bearer &lt;key&gt;</code> on the back-office API.
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create API key
        </Button>
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <LoadingBlocks />
        ) : keys.isError ? (
          <LoadError title="Error loading API keys" error={keys.error} />
        ) : keys.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No API keys yet.</p>
        ) : (
          <Table pinEnd>
            <ActionsTableHeader titles={['Name', 'Role', 'Key', 'Created', 'Last used']} />
            <TableBody>
              {keys.data.items.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CreateKeyDialog open={creating} onOpenChange={setCreating} onCreated={setToken} />
      <SecretReveal title="Your new API key" label="API key" secret={token} onClose={() => setToken(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke API key?"
        description={`Programs using "${revoking?.name ?? ''}" will be refused from now on. This can't be undone.`}
        confirmLabel="Revoke key"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('API key revoked');
              setRevoking(null);
            },
            onError: (error) => toast.error(`Failed to revoke the key: ${getErrorMessage(error)}`),
          })
        }
      />
    </Card>
  );
}
