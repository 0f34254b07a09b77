import { Link } from 'react-router-dom';

/** The 集市 mark: a market stall awning over a bag, drawn inline so it costs no request. */
export function BrandMark({ size = 44 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden focusable="false">
      <rect width="48" height="48" rx="12" fill="#cf2a2e" />
      <path d="M9 17 12 10h24l3 7z" fill="#fff" />
      <path d="M9 17h30v2.5a5 5 0 0 1-10 0 5 5 0 0 1-10 0 5 5 0 0 1-10 0z" fill="#ffd7d0" />
      <path d="M13 24h22l-1.6 14H14.6z" fill="#fff" />
      <path d="M19 28a5 5 0 0 0 10 0" fill="none" stroke="#cf2a2e" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** Spec §2 header logo: back to the home page. Named by its visible text (集市 and the slogan), so what a voice user reads out names it. */
export function BrandLogo() {
  return (
    <Link to="/" className="brand-logo" title="集市首页">
      <BrandMark />
      <span className="brand-logo__text">
        <span className="brand-logo__name">集市</span>
        <span className="brand-logo__slogan">好店好物 一站购齐</span>
      </span>
    </Link>
  );
}
