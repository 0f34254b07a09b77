import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Server-supplied rich text (notice content, product descriptions) rendered as HTML: merchants and
 * admins write it, so scripts, event handlers and foreign frames are removed first.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
