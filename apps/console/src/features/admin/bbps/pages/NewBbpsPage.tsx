import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { BbpsDesk } from '../BbpsDesk';
import { CATEGORY_PARAM } from '../paths';

/**
 * Issue 27: /admin/newBBPS, any bill in the catalogue: category, biller, the customer's
 * details, the bill, the amount, PIN and pay. The hub opens it on a category (`?category=`).
 */
export function NewBbpsPage() {
  const { t } = useTranslation('bbps');
  const [search] = useSearchParams();
  const category = search.get(CATEGORY_PARAM) ?? undefined;
  return (
    <RequireMenuItem item="newBBPS">
      <AdminPage title={t('pages.newBbps.title')} intro={t('pages.newBbps.intro')}>
        <BbpsDesk key={category} initialCategory={category} />
      </AdminPage>
    </RequireMenuItem>
  );
}
