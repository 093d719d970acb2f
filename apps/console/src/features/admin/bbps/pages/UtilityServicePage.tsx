import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../../app/paths';
import { ButtonLink } from '../../../../ui/ButtonLink';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { useBbpsCategories } from '../api';
import { newBbpsPathFor } from '../paths';
import { formatCount } from '../../../../i18n/format';
import '../bbps.css';

/**
 * Issue 27: /admin/utilityService, the hub of Bharat BillPay's categories as the catalogue
 * lists them (never a list of our own): a card per category with how many billers it has,
 * each opening the bill payment flow on it; the DHBVN and credit card screens a click away.
 */
export function UtilityServicePage() {
  const { t } = useTranslation('bbps');
  return (
    <RequireMenuItem item="utilityService">
      <AdminPage
        title={t('pages.utility.title')}
        intro={t('pages.utility.intro')}
        actions={
          <>
            <ButtonLink to={AppPath.dhbvnBill}>{t('pages.utility.dhbvn')}</ButtonLink>
            <ButtonLink to={AppPath.ccBillsPayment}>{t('pages.utility.creditCard')}</ButtonLink>
          </>
        }
      >
        <Categories />
      </AdminPage>
    </RequireMenuItem>
  );
}

function Categories() {
  const { t } = useTranslation('bbps');
  const categories = useBbpsCategories();
  if (categories.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (categories.isError) return <Alert type="error" showIcon title={categories.error.message} />;
  return (
    <ul className="bbps-hub" aria-label={t('pages.utility.categories')}>
      {categories.data.map((category) => (
        <li key={category.code}>
          <Link className="bbps-hub__card" to={newBbpsPathFor(category.code)}>
            <span className="bbps-hub__name">{category.name}</span>
            <span className="bbps-hub__count">
              {t('pages.utility.billers', {
                count: category.billers,
                billers: formatCount(category.billers),
              })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
