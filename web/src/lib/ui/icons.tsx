/** Inline icons: no icon font or request, currentColor, hidden from assistive tech. */
type IconProps = { size?: number; className?: string }

const base = (size = 20, className?: string) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  className,
})

export const HomeIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h5v-6h4v6h5V9.5" />
  </svg>
)

export const ClockIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
)

export const PhoneIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </svg>
)

export const CalendarIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </svg>
)

/** The salon's mark: white scissors on a green disc (same drawing as public/favicon.svg). */
export const LogoMark = ({ size = 32, className }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" focusable="false" className={className}>
    <circle cx="256" cy="256" r="256" fill="var(--color-primary)" />
    <g fill="none" stroke="#fff" strokeWidth="30" strokeLinecap="round">
      <circle cx="186" cy="350" r="50" />
      <circle cx="326" cy="350" r="50" />
      <path d="M222 314 330 136M290 314 182 136" />
    </g>
    <circle cx="256" cy="258" r="13" fill="#fff" />
  </svg>
)

export const ChevronLeftIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <path d="m15 18-6-6 6-6" />
  </svg>
)

export const ChevronRightIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <path d="m9 18 6-6-6-6" />
  </svg>
)

export const CheckIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <path d="M20 6 9 17l-5-5" />
  </svg>
)

export const UsersIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </svg>
)

export const BellIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </svg>
)

export const RepeatIcon = ({ size, className }: IconProps) => (
  <svg {...base(size, className)}>
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11V9a3 3 0 0 1 3-3h15" />
    <path d="M7 22l-4-4 4-4" />
    <path d="M21 13v2a3 3 0 0 1-3 3H3" />
  </svg>
)
