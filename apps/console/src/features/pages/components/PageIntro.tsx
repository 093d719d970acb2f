import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { usePageTitle } from '../../../ui/usePageTitle';
import type { PageIntroContent } from '../content-types';
import '../pages.css';

/** The page's one h1 with its lead line; it also names the browser tab. */
export function PageIntro({
  content: { pageTitle, eyebrow, title, lead },
  children,
}: {
  content: PageIntroContent;
  children?: ReactNode;
}) {
  usePageTitle(pageTitle ?? title);
  return (
    <header className="content-intro">
      <div className="content-inner">
        <p className="content-intro__eyebrow">{eyebrow}</p>
        <Typography.Title level={1} className="content-intro__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph className="content-intro__lead">{lead}</Typography.Paragraph>
        {children && <div className="content-intro__actions">{children}</div>}
      </div>
    </header>
  );
}
