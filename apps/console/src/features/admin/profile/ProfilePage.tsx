import { Avatar, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { AdminPage } from '../common/AdminPage';
import { useRoleLabel, welcomeName } from '../common/labels';
import { useAdminUser } from '../session/adminUser';

/**
 * /admin/myAccount: the signed-in user's own profile (spec §3). Everyone may open their own:
 * the public navbar links it for every signed-in user (spec §2), though the sidebar lists
 * Profile for admins and employee 2 only.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const roleLabel = useRoleLabel();
  const { profile, kind, services } = useAdminUser();
  return (
    <AdminPage
      title={t('title')}
      intro={t('welcome', { name: welcomeName(t, kind, profile.name) })}
      actions={
        <ButtonLink to={generatePath(AppPath.dayBook, { dayAgo: '0' })}>
          {t('todayDayBook')}
        </ButtonLink>
      }
    >
      <Card className="admin-card">
        <div className="profile__head">
          <Avatar size={64} src={profile.userProfile ?? undefined} alt="">
            {profile.name.charAt(0).toUpperCase()}
          </Avatar>
          <div>
            <p className="admin-stat__value">{profile.name}</p>
            <p className="admin-stat__label">{roleLabel(kind, profile.role)}</p>
          </div>
        </div>
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'mobile', label: t('fields.mobile'), children: profile.phoneNumber },
            { key: 'email', label: t('fields.email'), children: profile.email ?? '—' },
            {
              key: 'shop',
              label: t('fields.shop'),
              children: profile.companyDetails.shopName ?? '—',
            },
            {
              key: 'services',
              label: t('fields.services'),
              children: services.length
                ? services.map((s) => <Tag key={s}>{s}</Tag>)
                : t('noServices'),
            },
          ]}
        />
      </Card>
    </AdminPage>
  );
}
