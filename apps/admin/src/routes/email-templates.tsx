import { cn } from '@cartwheel/ui/lib/utils';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useEmailTemplates } from '../features/email-templates/api/email-templates.ts';
import { TemplateEditor } from '../features/email-templates/components/template-editor.tsx';

/** /admin/emails/templates (admins): every email the shop sends, previewed, with its subject and intro. */
export function EmailTemplatesRoute() {
  const templates = useEmailTemplates();
  const [kind, setKind] = useState<string | null>(null);
  const selected = templates.data?.find((t) => t.kind === kind) ?? templates.data?.[0];

  return (
    <>
      <PageHeader title="Email templates">
        <Link to="/emails" className="text-sm underline underline-offset-4">
          Mail outbox
        </Link>
      </PageHeader>
      {templates.isPending ? (
        <LoadingBlocks />
      ) : templates.isError ? (
        <LoadError title="Error loading email templates" error={templates.error} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Templates" className="flex flex-col gap-1">
            {templates.data.map((t) => (
              <button
                key={t.kind}
                type="button"
                aria-current={t.kind === selected?.kind ? 'true' : undefined}
                onClick={() => setKind(t.kind)}
                className={cn(
                  'rounded-md px-3 py-2 text-left text-sm hover:bg-muted',
                  t.kind === selected?.kind && 'bg-muted font-medium',
                )}
              >
                {t.name}
              </button>
            ))}
          </nav>
          {selected ? <TemplateEditor key={selected.kind} template={selected} /> : null}
        </div>
      )}
    </>
  );
}
