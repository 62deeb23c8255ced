/** The Cartwheel mark: a wheel. Decorative; pair it with the wordmark or a label. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2.25" />
      <path
        d="M12 4v16M4 12h16M6.35 6.35l11.3 11.3M17.65 6.35 6.35 17.65"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}
