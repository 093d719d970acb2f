import { Alert, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../../app/paths';
import { ButtonLink } from '../../../../ui/ButtonLink';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { useBbpsCategories } from '../api';
import { newBbpsPathFor } from '../paths';
import '../bbps.css';

/**
 * Issue 27: /admin/utilityService, the hub of Bharat BillPay's categories as the catalogue
 * lists them (never a list of our own): a card per category with how many billers it has,
 * each opening the bill payment flow on it; the DHBVN and credit card screens a click away.
 */
export function UtilityServicePage() {
  return (
    <RequireMenuItem item="utilityService">
      <AdminPage
        title="Utility Payments"
        intro="Pay your customers’ bills through Bharat BillPay: choose the kind of bill."
        actions={
          <>
            <ButtonLink to={AppPath.dhbvnBill}>DHBVN bill</ButtonLink>
            <ButtonLink to={AppPath.ccBillsPayment}>Credit card bill</ButtonLink>
          </>
        }
      >
        <Categories />
      </AdminPage>
    </RequireMenuItem>
  );
}

function Categories() {
  const categories = useBbpsCategories();
  if (categories.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (categories.isError) return <Alert type="error" showIcon title={categories.error.message} />;
  return (
    <ul className="bbps-hub" aria-label="Bill categories">
      {categories.data.map((category) => (
        <li key={category.code}>
          <Link className="bbps-hub__card" to={newBbpsPathFor(category.code)}>
            <span className="bbps-hub__name">{category.name}</span>
            <span className="bbps-hub__count">
              {category.billers} {category.billers === 1 ? 'biller' : 'billers'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
