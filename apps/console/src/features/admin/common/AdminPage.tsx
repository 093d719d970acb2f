import { useId, type ReactNode } from 'react';
import { Typography } from 'antd';
import { usePageTitle } from '../../../ui/usePageTitle';
import './admin-page.css';

export interface AdminPageProps {
  title: string;
  intro?: ReactNode;
  /** Buttons beside the title (refresh, print…). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One screen of the admin area: its title (also the document's), a line of intro, the body. */
export function AdminPage({ title, intro, actions, children }: AdminPageProps) {
  usePageTitle(title);
  const headingId = useId();
  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <header className="admin-page__header">
        <div>
          <Typography.Title id={headingId} level={1} className="admin-page__title">
            {title}
          </Typography.Title>
          {intro && (
            <Typography.Paragraph className="admin-page__intro">{intro}</Typography.Paragraph>
          )}
        </div>
        {actions && <div className="admin-page__actions">{actions}</div>}
      </header>
      <div className="admin-page__body">{children}</div>
    </section>
  );
}
