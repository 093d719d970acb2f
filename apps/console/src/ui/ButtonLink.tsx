import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export type ButtonLinkProps = Omit<ButtonProps, 'href' | 'onClick'> & {
  to: To;
  /** Runs before the client-side navigation, e.g. to close a drawer. */
  onNavigate?: () => void;
};

/**
 * An antd button that is a real link: it renders `<a href>` (so it can be opened in a new
 * tab) and navigates client-side on a plain click.
 */
export function ButtonLink({ to, onNavigate, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button
      {...buttonProps}
      href={href}
      onClick={(event) => {
        onNavigate?.();
        navigate(event);
      }}
    />
  );
}
