import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { buttonClassName, type ButtonLook } from './button';

export type LinkButtonProps = Omit<ButtonLook, 'loading'> & {
  to: To;
  /** Runs before the client-side navigation, e.g. to close a drawer. */
  onNavigate?: () => void;
  children: ReactNode;
};

/**
 * A real link (`<a href>`, can be opened in a new tab) that looks like a button, without
 * antd: for the public shell and pages in the first load. ButtonLink is its antd twin for
 * screens that load antd anyway.
 */
export function LinkButton({ to, onNavigate, children, ...look }: LinkButtonProps) {
  return (
    <Link to={to} className={buttonClassName(look)} onClick={onNavigate}>
      {children}
    </Link>
  );
}
