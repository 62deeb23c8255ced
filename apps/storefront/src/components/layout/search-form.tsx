import { Input } from '@cartwheel/ui/input';
import { cn } from '@cartwheel/ui/lib/utils';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The header search: submits to /products?search=... and shows the current search on /products. */
export function SearchForm({ className }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const inputId = useId();
  const current = pathname === '/products' ? (searchParams.get('search') ?? '') : '';

  return (
    <search className={cn('relative', className)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const search = String(new FormData(event.currentTarget).get('search') ?? '').trim();
          navigate(search ? `/products?${new URLSearchParams({ search })}` : '/products');
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Search products
        </label>
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        {/* keyed on the URL's search so the box follows back/forward navigation */}
        <Input
          key={current}
          id={inputId}
          name="search"
          type="search"
          placeholder="Search products..."
          defaultValue={current}
          autoComplete="off"
          enterKeyHint="search"
          className="pl-8"
        />
      </form>
    </search>
  );
}
