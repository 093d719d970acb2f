import { useState } from 'react';
import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  checkMobile,
  checkServiceUserId,
  MOBILE_DIGITS,
  type UserServicesRequest,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { UserServicesCard } from './UserServicesCard';
import './services.css';

/** Issue 12: /admin/update-services, one user's services (found by mobile, or `?id=`) switched on or off. */
export function UpdateServicesPage() {
  return (
    <RequireMenuItem item="updateServices">
      <UpdateServices />
    </RequireMenuItem>
  );
}

function UpdateServices() {
  const { t } = useTranslation('services');
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [mobile, setMobile] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const byId = id !== null && checkServiceUserId(id).ok;
  const who: UserServicesRequest | undefined = byId
    ? { userId: id }
    : mobile
      ? { mobile }
      : undefined;

  const find = (value: string) => {
    const checked = checkMobile(value);
    if (!checked.ok) return setRefusal(checked.message);
    setRefusal(undefined);
    setMobile(checked.value);
    if (id !== null) setParams({}, { replace: true });
  };

  return (
    <AdminPage title={t('update.title')} intro={t('update.intro')}>
      <Card className="admin-card">
        <Form
          layout="vertical"
          className="services-find"
          onSubmitCapture={(event) => event.preventDefault()}
        >
          <Form.Item
            label={t('update.mobile')}
            validateStatus={refusal ? 'error' : undefined}
            help={refusal}
          >
            <Input.Search
              inputMode="numeric"
              maxLength={MOBILE_DIGITS + 4}
              enterButton={t('update.find')}
              placeholder={t('update.placeholder')}
              onSearch={find}
              aria-label={t('update.mobile')}
            />
          </Form.Item>
        </Form>
      </Card>
      {who && <UserServicesCard user={who} />}
    </AdminPage>
  );
}
