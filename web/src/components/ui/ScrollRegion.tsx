import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its table is wider than the window (a phone): focusable and
 * named, so it can be scrolled from the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, className = 'scroll-x', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
