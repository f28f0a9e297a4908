/** A hand mirror with a question mark: "we looked, it isn't here". Decorative. */
export function LostMirrorIllustration() {
  return (
    <svg
      className="error-screen__art"
      viewBox="0 0 240 200"
      width="240"
      height="200"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="120" cy="186" rx="64" ry="7" fill="#d3f9d8" />
      <circle cx="120" cy="92" r="84" fill="#ebfbee" />
      <rect x="111" y="128" width="18" height="54" rx="9" fill="var(--color-primary)" />
      <ellipse cx="120" cy="80" rx="46" ry="54" fill="#fff" stroke="var(--color-primary)" strokeWidth="7" />
      <path d="M92 62q7-20 27-25" fill="none" stroke="#b2f2bb" strokeWidth="6" strokeLinecap="round" />
      <path
        d="M106 70q0-17 14-17t14 13q0 9-10 13.5q-4 2-4 9.5"
        fill="none"
        stroke="var(--color-primary-dark)"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="120" cy="105" r="4.5" fill="var(--color-primary-dark)" />
      <g fill="#8ce99a">
        <path d="M44 46l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" />
        <path d="M196 34l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" />
        <path d="M202 122l2.5 7 7 2.5-7 2.5-2.5 7-2.5-7-7-2.5 7-2.5z" />
      </g>
    </svg>
  )
}
