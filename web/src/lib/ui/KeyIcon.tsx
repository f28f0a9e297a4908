/** A key (passkeys), drawn like the site's icons (icons.tsx: currentColor, hidden from assistive tech). */
export function KeyIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="8" cy="15" r="4" />
      <path d="M10.85 12.15 19 4" />
      <path d="m16 7 2 2" />
      <path d="m13.5 9.5 2 2" />
    </svg>
  )
}
