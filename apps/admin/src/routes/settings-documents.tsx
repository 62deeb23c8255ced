import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useDocumentSettings } from '../features/documents/api/document-settings.ts';
import { DocumentSettingsForm } from '../features/documents/components/document-settings-form.tsx';

/** /admin/settings/documents (admins): what invoices say about the seller and how they are numbered. */
export function SettingsDocumentsRoute() {
  const settings = useDocumentSettings();
  return (
    <>
      <BackLink to="/settings">Back to Settings</BackLink>
      <PageHeader title="Invoices" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Seller and numbering</h2>
          </CardTitle>
          <CardDescription>
            An invoice keeps what it said when it was issued; changes apply to the next ones. Numbers run
            without gaps.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <LoadingBlocks />
          ) : settings.isError ? (
            <LoadError title="Error loading the invoice settings" error={settings.error} />
          ) : (
            <DocumentSettingsForm settings={settings.data} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
