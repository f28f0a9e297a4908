import { Link } from 'react-router'
import { BRAND } from '../salon'
import { LogoMark } from './icons'

/** Logo and salon name, linking to the home page. */
export function BrandLink({ size = 32 }: { size?: number }) {
  return (
    <Link to="/" className="brand">
      <LogoMark size={size} />
      <span className="brand__name">{BRAND}</span>
    </Link>
  )
}
