import { useId, type ReactNode } from 'react';
import { Typography } from 'antd';

interface ContentSectionProps {
  title: string;
  intro?: string;
  tone?: 'plain' | 'muted';
  children: ReactNode;
}

/** A titled band of a content page (h2), optionally on the muted background. */
export function ContentSection({ title, intro, tone = 'plain', children }: ContentSectionProps) {
  const titleId = useId();
  return (
    <section className={`content-section content-section--${tone}`} aria-labelledby={titleId}>
      <div className="content-inner">
        <Typography.Title id={titleId} level={2} className="content-section__title">
          {title}
        </Typography.Title>
        {intro && (
          <Typography.Paragraph className="content-section__intro">{intro}</Typography.Paragraph>
        )}
        {children}
      </div>
    </section>
  );
}
