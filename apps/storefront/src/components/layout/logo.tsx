/** The Cartwheel mark: a wheel in a rounded square. Decorative; pair it with the wordmark or a label. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="var(--background)" strokeWidth="2.5" />
      <path
        d="M16 7v18M7 16h18M9.6 9.6l12.8 12.8M22.4 9.6 9.6 22.4"
        stroke="var(--background)"
        strokeWidth="1.5"
      />
    </svg>
  );
}
