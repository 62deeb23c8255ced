import type { StorefrontSite } from '@cartwheel/shared/contracts/content';

/** The bar above the header, in the shop's accent colour; as the server's shell draws it. */
export function AnnouncementBar({ announcement }: { announcement: StorefrontSite['announcement'] }) {
  if (!announcement.enabled || !announcement.text) return null;
  return (
    <div
      data-testid="announcement-bar"
      className="bg-[var(--shop-accent,#1d4ed8)] px-4 py-2 text-center font-medium text-sm text-white"
    >
      {announcement.link ? (
        <a href={announcement.link} className="underline underline-offset-4">
          {announcement.text}
        </a>
      ) : (
        announcement.text
      )}
    </div>
  );
}
