import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './scroll-region.css';

export interface ScrollRegionProps {
  /** What the table shows; "Scrollable table" when the screen has no better name for it. */
  label?: string;
  children: ReactNode;
}

/**
 * The box a wide table scrolls in on a phone (issue 30, WCAG 2.1.1; axe's
 * scrollable-region-focusable): focusable and named, so a keyboard user can scroll it with the
 * arrow keys and a screen reader says what it is. The table inside does not scroll itself.
 */
export function ScrollRegion({ label, children }: ScrollRegionProps) {
  const { t } = useTranslation();
  return (
    <div
      className="scroll-region"
      role="region"
      aria-label={label ?? t('scrollRegion.label')}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
