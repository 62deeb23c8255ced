import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { useState } from 'react';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useHomeContent, usePage, usePages } from '../features/content/api/content.ts';
import { HomeContentForm } from '../features/content/components/home-content-form.tsx';
import { PageEditor } from '../features/content/components/page-editor.tsx';
import { PagesList } from '../features/content/components/pages-list.tsx';
import { useCan } from '../lib/use-can.ts';

/** /admin/content: the home hero, the announcement bar and the shop's pages (managers edit, staff read). */
export function ContentRoute() {
  const can = useCan();
  const readOnly = !can('content.write');
  const home = useHomeContent();
  const pages = usePages();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const opened = usePage(editing && editing !== 'new' ? editing : null);

  return (
    <>
      <PageHeader title="Content" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Home page</h2>
          </CardTitle>
          <CardDescription>
            The hero at the top of the storefront's home page and the bar above every page.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {home.isPending ? (
            <LoadingBlocks />
          ) : home.isError ? (
            <LoadError title="Error loading the home page content" error={home.error} />
          ) : (
            <HomeContentForm content={home.data} readOnly={readOnly} />
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="pages-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="pages-heading" className="font-semibold text-lg">
            Pages
          </h2>
          {readOnly ? null : <Button onClick={() => setEditing('new')}>Add page</Button>}
        </div>
        {pages.isPending ? (
          <LoadingBlocks />
        ) : pages.isError ? (
          <LoadError title="Error loading pages" error={pages.error} />
        ) : (
          <PagesList pages={pages.data.items} onOpen={setEditing} />
        )}
      </section>
      {editing === 'new' ? (
        <PageEditor page={null} readOnly={readOnly} onClose={() => setEditing(null)} />
      ) : null}
      {editing && editing !== 'new' && opened.data ? (
        <PageEditor
          key={opened.data.id}
          page={opened.data}
          readOnly={readOnly}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
