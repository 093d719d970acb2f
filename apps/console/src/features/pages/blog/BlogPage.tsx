import { PageIntro } from '../components/PageIntro';
import { ArticleCard } from './ArticleCard';
import { articles, blogIntro } from './articles';
import './blog.css';

export function BlogPage() {
  return (
    <>
      <PageIntro content={blogIntro} />
      <div className="content-inner blog-list">
        {articles.map((article) => (
          <ArticleCard key={article.slug} article={article} />
        ))}
      </div>
    </>
  );
}
