import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import type { Highlight } from '../content-types';

interface HighlightGridProps<T extends Highlight> {
  items: readonly T[];
  /** Extra content under an item's text, e.g. a link to its own page. */
  footer?: (item: T) => ReactNode;
}

/** Cards of a title (h3) and a paragraph: one column on phones, up to three on wide screens. */
export function HighlightGrid<T extends Highlight>({ items, footer }: HighlightGridProps<T>) {
  return (
    <ul className="content-grid">
      {items.map((item) => (
        <li key={item.title}>
          <Card variant="outlined" className="content-card">
            <Typography.Title level={3} className="content-card__title">
              {item.title}
            </Typography.Title>
            <Typography.Paragraph className="content-card__body">{item.body}</Typography.Paragraph>
            {footer?.(item)}
          </Card>
        </li>
      ))}
    </ul>
  );
}
