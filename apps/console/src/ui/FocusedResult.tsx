import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

export interface FocusedResultProps {
  /** A new value (another record, another error) moves the focus here again while it shows. */
  result: unknown;
  children: ReactNode;
  className?: string;
}

/**
 * The outcome of a form's submit (issue 30, WCAG 2.4.3 and 4.1.3). Rendered when the outcome is
 * there, it takes the focus, so a keyboard user goes on from it (its receipt button is the next
 * Tab) and a screen reader reads it, instead of the focus dropping to the page when the form
 * resets or disables itself.
 */
export function FocusedResult({ result, children, className }: FocusedResultProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [result]);
  return (
    <div ref={box} tabIndex={-1} className={className} data-testid="submit-result">
      {children}
    </div>
  );
}

/**
 * The same for an outcome card of its own (AEPS, Bharat BillPay): the card takes the focus as it
 * appears, and its top is brought into view (on a phone it is below the form). The card needs
 * `tabIndex={-1}`.
 */
export function useFocusOnArrival(card: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    card.current?.focus({ preventScroll: true });
    card.current?.scrollIntoView({ block: 'start' });
  }, [card]);
}
