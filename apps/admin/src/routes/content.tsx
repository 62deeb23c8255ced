import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { useState } from 'react';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useHomeContent, usePage, usePages } from '../features/content/api/content.ts';
import { useMenus } from '../features/content/api/menus.ts';
import { HomeContentForm } from '../features/content/components/home-content-form.tsx';
import { MenuEditor } from '../features/content/components/menu-editor.tsx';
import { PageEditor } from '../features/content/components/page-editor.tsx';
import { PagesList } from '../features/content/components/pages-list.tsx';
import { useCan } from '../lib/use-can.ts';

/**
 * /admin/content: the home hero, the announcement bar, the shop's pages and the header and footer menus
 * (managers edit, staff read).
 */
export function ContentRoute() {
  const can = useCan();
  const readOnly = !can('content.write');
  const home = useHomeContent();
  const pages = usePages();
  const menus = useMenus();
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
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Navigation</h2>
          </CardTitle>
          <CardDescription>
            The links of the storefront's header and footer, in the order shown: drag an item by its handle,
            or focus the handle and move it with Space and the arrow keys.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {menus.isPending || pages.isPending ? (
            <LoadingBlocks />
          ) : menus.isError ? (
            <LoadError title="Error loading the menus" error={menus.error} />
          ) : (
            <MenuEditor menus={menus.data} pages={pages.data?.items ?? []} readOnly={readOnly} />
          )}
        </CardContent>
      </Card>
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
