import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { resolveLink } from './link.model';

interface CanvasLinkProps {
  linkObj: unknown;
  className?: string;
  children: ReactNode;
  label?: string;
}

/** Wraps a layout element in its link, or in a plain box when the editor gave none. */
export function CanvasLink({ linkObj, className, children, label }: CanvasLinkProps) {
  const target = resolveLink(linkObj);
  if (!target) return <div className={className}>{children}</div>;
  if (target.kind === 'external') {
    return (
      <a className={className} href={target.href} target="_blank" rel="noopener noreferrer" aria-label={label}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={target.to} aria-label={label}>
      {children}
    </Link>
  );
}
