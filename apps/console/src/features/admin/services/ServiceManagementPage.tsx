import { Alert, Card, Grid, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_KINDS, type RoleKind, type ServiceCatalogueEntry } from '@khata/domain';
import { CommissionSchemesCard } from '../commissions';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useServiceCatalogue } from './api';
import { serviceDescription, serviceName, serviceStatusLabel, useKindLabels } from './labels';
import './services.css';

/** Issue 12: /admin/serviceManagement, the catalogue of services and who holds each by default. */
export function ServiceManagementPage() {
  return (
    <RequireMenuItem item="serviceManagement">
      <ServiceManagement />
    </RequireMenuItem>
  );
}

function ServiceManagement() {
  const { t } = useTranslation('services');
  const kindLabels = useKindLabels();
  const catalogue = useServiceCatalogue();
  const wide = Grid.useBreakpoint().xl ?? false;
  return (
    <AdminPage title={t('management.title')} intro={t('management.intro')}>
      {catalogue.isPending && <Skeleton active />}
      {catalogue.isError && <Alert type="error" showIcon title={catalogue.error.message} />}
      {catalogue.isSuccess &&
        (wide ? (
          <CatalogueTable services={catalogue.data} />
        ) : (
          <CatalogueCards services={catalogue.data} />
        ))}
      {/* Issue 13: the commission schemes of the services that earn one. */}
      <CommissionSchemesCard roleLabels={kindLabels} />
    </AdminPage>
  );
}

function StatusTag({ service }: { service: ServiceCatalogueEntry }) {
  const { t } = useTranslation('services');
  return (
    <Tag color={service.status === 'live' ? 'green' : 'default'}>
      {serviceStatusLabel(t, service.status)}
    </Tag>
  );
}

/** What a role gets: on by default, off, or not for this role at all. */
function holding(service: ServiceCatalogueEntry, kind: RoleKind): 'default' | 'off' | 'never' {
  if (!service.grantableTo.includes(kind)) return 'never';
  return service.defaultFor.includes(kind) ? 'default' : 'off';
}

const HOLDING_KEYS = {
  default: 'management.holding.on',
  off: 'management.holding.off',
} as const;

function CatalogueTable({ services }: { services: ServiceCatalogueEntry[] }) {
  const { t } = useTranslation('services');
  const kindLabels = useKindLabels();
  const columns: TableColumnsType<ServiceCatalogueEntry> = [
    {
      title: t('management.columns.service'),
      key: 'service',
      render: (_, service) => (
        <div>
          <Typography.Text strong>{serviceName(t, service.key)}</Typography.Text>
          <div className="services__description">{serviceDescription(t, service.key)}</div>
        </div>
      ),
    },
    {
      title: t('management.columns.status'),
      key: 'status',
      render: (_, service) => <StatusTag service={service} />,
    },
    ...ROLE_KINDS.map((kind) => ({
      title: kindLabels[kind],
      key: kind,
      align: 'center' as const,
      render: (_: unknown, service: ServiceCatalogueEntry) => {
        const held = holding(service, kind);
        return (
          <span className={`services__holding services__holding--${held}`}>
            {held === 'never' ? '—' : t(HOLDING_KEYS[held])}
          </span>
        );
      },
    })),
  ];
  return (
    <Card className="admin-card">
      <Table<ServiceCatalogueEntry>
        rowKey="key"
        columns={columns}
        dataSource={services}
        pagination={false}
        size="middle"
        data-testid="service-catalogue"
      />
      <p className="services__legend">{t('management.legend')}</p>
    </Card>
  );
}

function CatalogueCards({ services }: { services: ServiceCatalogueEntry[] }) {
  const { t } = useTranslation('services');
  const kindLabels = useKindLabels();
  const names = (kinds: readonly RoleKind[]) =>
    kinds.length ? kinds.map((kind) => kindLabels[kind]).join(', ') : t('management.noRole');
  return (
    <div className="services__cards" data-testid="service-catalogue">
      {services.map((service) => (
        <Card
          key={service.key}
          className="admin-card"
          size="small"
          title={serviceName(t, service.key)}
          extra={<StatusTag service={service} />}
        >
          <p className="services__description">{serviceDescription(t, service.key)}</p>
          <dl className="services__facts">
            <dt>{t('management.onByDefaultFor')}</dt>
            <dd>{names(service.defaultFor)}</dd>
            {service.grantableTo.length < ROLE_KINDS.length && (
              <>
                <dt>{t('management.onlyFor')}</dt>
                <dd>{names(service.grantableTo)}</dd>
              </>
            )}
          </dl>
        </Card>
      ))}
    </div>
  );
}
