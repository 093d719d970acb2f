import { IMPS_MAX, PAYOUT_CAP, RTGS_MIN } from '@khata/domain';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../components/PageIntro';
import type { PageIntroContent } from '../content-types';
import { wholeRupees } from '../format';
import { ArticleCard } from './ArticleCard';
import { ARTICLES, type Article, type ArticleTexts } from './articles';
import './blog.css';

export function BlogPage() {
  const { t } = useTranslation('pages');
  const texts = t('blog.articles', {
    returnObjects: true,
    impsMax: wholeRupees(IMPS_MAX),
    rtgsMin: wholeRupees(RTGS_MIN),
    payoutCap: wholeRupees(PAYOUT_CAP),
  }) as ArticleTexts[];
  const articles: Article[] = ARTICLES.map((article, index) => ({ ...article, ...texts[index] }));
  return (
    <>
      <PageIntro content={t('blog.intro', { returnObjects: true }) as PageIntroContent} />
      <div className="content-inner blog-list">
        {articles.map((article) => (
          <ArticleCard key={article.slug} article={article} />
        ))}
      </div>
    </>
  );
}
