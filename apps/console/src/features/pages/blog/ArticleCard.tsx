import { useId, useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format';
import { readingMinutes, type Article } from './articles';

/** One article: its summary, and the whole text a tap away, on the same page. */
export function ArticleCard({ article }: { article: Article }) {
  const { t } = useTranslation('pages');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  return (
    <article id={article.slug} className="blog-article" aria-labelledby={titleId}>
      <Card variant="outlined">
        <p className="blog-article__meta">
          <time dateTime={article.published}>{formatDate(article.published)}</time>
          <span aria-hidden="true"> · </span>
          <span>{t('blog.minRead', { count: readingMinutes(article) })}</span>
        </p>
        <Typography.Title id={titleId} level={2} className="blog-article__title">
          {article.title}
        </Typography.Title>
        <p className="blog-article__author">{t('blog.by', { author: article.author })}</p>
        <Typography.Paragraph className="blog-article__summary">
          {article.summary}
        </Typography.Paragraph>
        <div id={bodyId} className="blog-article__body" hidden={!open}>
          {article.body.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <Button
          type="link"
          className="blog-article__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('blog.showLess') : t('blog.readArticle')}
        </Button>
      </Card>
    </article>
  );
}
