import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far ahead of the viewport the content starts to render, so it is there before it scrolls into view. */
const AHEAD = '600px';

/**
 * Renders its children once their place comes near the viewport: content far below the fold (and the code it needs)
 * is not part of the first download. Until then an empty block holds the place.
 */
export function WhenNearViewport({ children }: { children: ReactNode }) {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return near ? children : <div ref={place} />;
}
