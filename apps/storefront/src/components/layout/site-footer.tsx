import type { SiteMenuLink } from '@cartwheel/shared/contracts/content';
import { useT } from '../../i18n/i18n.tsx';
import { LocalePicker } from './locale-picker.tsx';
import { MenuLink } from './menu-link.tsx';

/** The footer: the footer menu (pages, the gift card balance page... edited in the back office) and the copyright line. */
export function SiteFooter({
  legalName,
  year,
  links,
}: {
  legalName: string;
  /** The server's year (GET /api/storefront/site); none until the site has loaded. */
  year: number | null;
  links: SiteMenuLink[];
}) {
  const t = useT();
  return (
    <footer className="border-t bg-muted/40">
      {/* From tablet width up the links stand in a column on the left, clear of the toasts at the bottom right. */}
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-center text-muted-foreground text-sm md:flex-row md:items-end md:justify-between md:text-left">
        <nav aria-label={t('footer.nav')}>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 md:flex-col md:items-start">
            {links.map((link) => (
              <li key={`${link.to}|${link.label}`}>
                <MenuLink
                  link={link}
                  className="rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col items-center gap-3 md:items-end">
          <LocalePicker />
          {year ? <p>{t('footer.copyright', { year: String(year), shopName: legalName })}</p> : null}
        </div>
      </div>
    </footer>
  );
}
