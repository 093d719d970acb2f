import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  BBPS_CORE_CATEGORIES,
  CATEGORY_SCHEME_SERVICES,
  DEFAULT_SCHEMES,
  EARNING_SCHEME_SERVICES,
  type BbpsCategory,
  type PgMethod,
  type Rate,
  type RoleKind,
  SCHEME_SERVICES,
  type SchemeService,
  type SchemeSlab,
} from '@khata/domain';
import { formatCount } from '../../../i18n/format';
import { formatRupees } from '../common/money';
import { type SchemeRow, useEarnersWithoutPan, useSaveScheme, useSchemes } from './api';
import { AssignScheme } from './AssignScheme';
import './commissions.css';
import { ScrollRegion } from '../../../ui/ScrollRegion';

const SERVICE_KEYS = {
  payout: 'service.payout',
  aepsSettlement: 'service.aepsSettlement',
  dmt: 'service.dmt',
  ppi: 'service.ppi',
  aeps: 'service.aeps',
  bbps: 'service.bbps',
  rent: 'service.rent',
  pgLoad: 'service.pgLoad',
} as const satisfies Record<SchemeService, string>;

/** Each scheme service's words in the reader's language. */
function serviceLabels(t: TFunction<'commissions'>): Record<SchemeService, string> {
  return Object.fromEntries(
    SCHEME_SERVICES.map((service) => [service, t(SERVICE_KEYS[service])]),
  ) as Record<SchemeService, string>;
}

/** A gateway load's methods (libs/domain's PG_METHOD_LABELS) in the reader's language. */
const METHOD_KEYS = {
  upi: 'method.upi',
  card: 'method.card',
  netbanking: 'method.netbanking',
} as const satisfies Record<PgMethod, string>;

/**
 * The BBPS core categories (libs/domain's BBPS_CORE_CATEGORIES) in the reader's language; DTH
 * and FASTag are their names in both.
 */
const CATEGORY_KEYS = {
  electricity: 'category.electricity',
  water: 'category.water',
  gas: 'category.gas',
  'piped-gas': 'category.pipedGas',
  lpg: 'category.lpg',
  broadband: 'category.broadband',
  landline: 'category.landline',
  'mobile-postpaid': 'category.mobilePostpaid',
  insurance: 'category.insurance',
  'loan-emi': 'category.loanEmi',
  'credit-card': 'category.creditCard',
  'municipal-tax': 'category.municipalTax',
  education: 'category.education',
} as const;

function categoryLabel(t: TFunction<'commissions'>, category: BbpsCategory): string {
  return category.code in CATEGORY_KEYS
    ? t(CATEGORY_KEYS[category.code as keyof typeof CATEGORY_KEYS])
    : category.name;
}

function rateText(rate: Rate): string {
  if (rate.flatBase !== undefined && rate.flatBase !== null) return formatRupees(rate.flatBase);
  if (rate.percentBase !== undefined && rate.percentBase !== null) return `${rate.percentBase}%`;
  return '—';
}

/** Issue 23: the scheme's uplines who are paid with 20% TDS withheld, because no PAN is on file. */
function EarnersWithoutPan() {
  const { t } = useTranslation('commissions');
  const earners = useEarnersWithoutPan();
  if (!earners.data || earners.data.length === 0) return null;
  return (
    <Alert
      className="commissions__no-pan"
      type="warning"
      showIcon
      data-testid="earners-without-pan"
      title={t('noPan', { count: earners.data.length, n: formatCount(earners.data.length) })}
      description={
        <ul className="commissions__no-pan-list">
          {earners.data.map((earner) => (
            <li key={earner.id}>
              {earner.name} · {earner.mobile} · {earner.role}
            </li>
          ))}
        </ul>
      }
    />
  );
}

function boundsText(t: TFunction<'commissions'>, slabs: SchemeSlab[], index: number): string {
  const from = index === 0 ? 0 : (slabs[index - 1]!.upTo ?? 0);
  const upTo = slabs[index]!.upTo;
  return upTo === null
    ? t('slabs.above', { amount: formatRupees(from) })
    : t('slabs.upTo', { amount: formatRupees(upTo) });
}

/**
 * Issue 13: the commission schemes, on Service Management (docs/decisions.md): each scheme's
 * slabs, the fee the retailer pays and each upline's share; the company keeps the rest after
 * GST. An admin edits a scheme or adds one; shares above the fee are refused.
 */
export function CommissionSchemesCard({ roleLabels }: { roleLabels: Record<RoleKind, string> }) {
  const { t } = useTranslation('commissions');
  const schemes = useSchemes();
  const [editing, setEditing] = useState<SchemeRow | 'new'>();
  return (
    <Card
      title={t('schemes.title')}
      className="commissions__card"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('schemes.new')}
        </Button>
      }
    >
      <EarnersWithoutPan />
      {schemes.isPending && <Skeleton active />}
      {schemes.isError && <Alert type="error" showIcon title={schemes.error.message} />}
      {schemes.isSuccess && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {schemes.data.map((scheme) => (
            <SchemeTable key={scheme.id} scheme={scheme} onEdit={() => setEditing(scheme)} />
          ))}
          {/* A key of its own: antd's Space keys an unkeyed child by its index, which moves when
              a scheme is added, and the form was mounted afresh, losing what the admin typed and
              the "Scheme assigned." it had just said (a flaky browser test, session 23). */}
          <AssignScheme
            key="assign"
            schemes={schemes.data}
            serviceLabels={serviceLabels(t)}
            roleLabels={roleLabels}
          />
        </Space>
      )}
      {editing && (
        <SchemeEditor
          scheme={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}

function SchemeTable({ scheme, onEdit }: { scheme: SchemeRow; onEdit: () => void }) {
  const { t } = useTranslation('commissions');
  const categories = Object.entries(scheme.categorySlabs ?? {});
  return (
    <div data-testid={`scheme-${scheme.id}`}>
      <div className="commissions__scheme-head">
        <Typography.Text strong>{scheme.name}</Typography.Text>
        <Tag>{t(SERVICE_KEYS[scheme.service])}</Tag>
        {scheme.defaultFor.length > 0 && <Tag color="green">{t('schemes.default')}</Tag>}
        {scheme.assigned > 0 && (
          <Tag color="blue">{t('schemes.users', { n: formatCount(scheme.assigned) })}</Tag>
        )}
        <Button
          size="small"
          onClick={onEdit}
          aria-label={t('schemes.editName', { name: scheme.name })}
        >
          {t('schemes.edit')}
        </Button>
      </div>
      {categories.length > 0 && (
        <Typography.Text type="secondary">{t('schemes.otherCategories')}</Typography.Text>
      )}
      <SlabTable service={scheme.service} slabs={scheme.slabs} />
      {/* Issue 27: a bbps scheme's own slabs per BBPS category (a pgLoad scheme's per method). */}
      {categories.map(([category, slabs]) => (
        <div key={category} data-testid={`scheme-${scheme.id}-${category}`}>
          <Typography.Text type="secondary">{t('schemes.category', { category })}</Typography.Text>
          <SlabTable service={scheme.service} slabs={slabs} />
        </div>
      ))}
    </div>
  );
}

function SlabTable({ service, slabs }: { service: SchemeService; slabs: SchemeSlab[] }) {
  const { t } = useTranslation('commissions');
  // Short headings on a phone, so four columns fit 360 px.
  const wide = Grid.useBreakpoint().sm ?? false;
  const columns: TableColumnsType<SchemeSlab & { index: number }> = [
    {
      title: t('slabs.amount'),
      key: 'amount',
      width: wide ? undefined : 96,
      render: (_, slab) => boundsText(t, slabs, slab.index),
    },
    {
      // An earning service's "fee" is the commission the company pays (issue 26).
      title: EARNING_SCHEME_SERVICES.includes(service) ? t('slabs.commission') : t('slabs.fee'),
      key: 'fee',
      align: 'right',
      render: (_, slab) => rateText(slab.fee),
    },
    {
      title: wide ? t('slabs.distributor') : t('slabs.distributorShort'),
      key: 'distributor',
      align: 'right',
      render: (_, slab) => rateText(slab.distributor),
    },
    {
      title: wide ? t('slabs.superDistributor') : t('slabs.superDistributorShort'),
      key: 'superDistributor',
      align: 'right',
      render: (_, slab) => rateText(slab.superDistributor),
    },
  ];
  return (
    <ScrollRegion>
      <Table
        rowKey="index"
        size="small"
        columns={columns}
        dataSource={slabs.map((slab, index) => ({ ...slab, index }))}
        pagination={false}
        scroll={{ x: true }}
      />
    </ScrollRegion>
  );
}

type RateField = { type: 'flat' | 'percent'; value: number | null };
type SlabField = {
  upTo: number | null;
  fee: RateField;
  distributor: RateField;
  superDistributor: RateField;
};

function toField(rate: Rate): RateField {
  if (rate.percentBase !== undefined && rate.percentBase !== null) {
    return { type: 'percent', value: rate.percentBase };
  }
  return { type: 'flat', value: rate.flatBase ?? 0 };
}

function toRate(field: RateField): Rate {
  return field.type === 'percent' ? { percentBase: field.value } : { flatBase: field.value };
}

function RateInput({
  name,
  label,
  group,
}: {
  name: (string | number)[];
  label: string;
  /** Names a category's inputs apart from the scheme's own ("dth Fee"). */
  group?: string;
}) {
  const { t } = useTranslation('commissions');
  const field = group ? t('editor.grouped', { group, field: label }) : label;
  return (
    <Form.Item label={label} className="commissions__rate">
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={[...name, 'type']} noStyle>
          <Select
            aria-label={t('editor.rateType', { field })}
            style={{ width: 70 }}
            options={[
              { label: '₹', value: 'flat' },
              { label: '%', value: 'percent' },
            ]}
          />
        </Form.Item>
        <Form.Item name={[...name, 'value']} noStyle>
          <InputNumber
            aria-label={field}
            min={0}
            step={0.01}
            precision={2}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** What a category slab list may be named: BBPS categories, or a gateway load's methods. */
function categoryOptions(
  t: TFunction<'commissions'>,
  service: SchemeService,
): { value: string; label: string }[] {
  if (service === 'pgLoad') {
    return (Object.keys(METHOD_KEYS) as PgMethod[]).map((value) => ({
      value,
      label: t(METHOD_KEYS[value]),
    }));
  }
  return BBPS_CORE_CATEGORIES.map((category) => ({
    value: category.code,
    label: categoryLabel(t, category),
  }));
}

const NEW_SLAB: SlabField = {
  upTo: null,
  fee: { type: 'flat', value: 0 },
  distributor: { type: 'flat', value: 0 },
  superDistributor: { type: 'flat', value: 0 },
};

function toSlabField(slab: SchemeSlab): SlabField {
  return {
    upTo: slab.upTo,
    fee: toField(slab.fee),
    distributor: toField(slab.distributor),
    superDistributor: toField(slab.superDistributor),
  };
}

function toSlabs(fields: SlabField[]): SchemeSlab[] {
  return fields.map((slab, index) => ({
    upTo: index === fields.length - 1 ? null : slab.upTo,
    fee: toRate(slab.fee),
    distributor: toRate(slab.distributor),
    superDistributor: toRate(slab.superDistributor),
  }));
}

type CategoryField = { category: string; slabs: SlabField[] };
type SchemeFields = {
  name: string;
  service: SchemeService;
  slabs: SlabField[];
  categories?: CategoryField[];
};

/**
 * One list of slabs, the scheme's own or a category's (`name` is the list's path in the form;
 * `group` names a category's inputs apart, e.g. "dth Slab 1 up to").
 */
function SlabFields({ name, group }: { name: (string | number)[]; group?: string }) {
  const { t } = useTranslation('commissions');
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="commissions__slab"
              title={t('editor.slab', { n: index + 1 })}
              extra={
                fields.length > 1 && (
                  <Button size="small" onClick={() => remove(field.name)}>
                    {t('editor.removeSlab')}
                  </Button>
                )
              }
            >
              <div className="commissions__form-row">
                <Form.Item
                  name={[field.name, 'upTo']}
                  label={index === fields.length - 1 ? t('editor.upToLast') : t('editor.upToField')}
                >
                  <InputNumber
                    aria-label={
                      group
                        ? t('editor.grouped', {
                            group,
                            field: t('editor.slabUpTo', { n: index + 1 }),
                          })
                        : t('editor.slabUpTo', { n: index + 1 })
                    }
                    min={0}
                    precision={2}
                    disabled={index === fields.length - 1}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                <RateInput name={[field.name, 'fee']} label={t('slabs.fee')} group={group} />
                <RateInput
                  name={[field.name, 'distributor']}
                  label={t('slabs.distributor')}
                  group={group}
                />
                <RateInput
                  name={[field.name, 'superDistributor']}
                  label={t('slabs.superDistributor')}
                  group={group}
                />
              </div>
            </Card>
          ))}
          <Button onClick={() => add({ ...NEW_SLAB }, fields.length)}>{t('editor.addSlab')}</Button>
        </>
      )}
    </Form.List>
  );
}

/**
 * Issue 27/28: a bbps scheme's slabs per BBPS category, a pgLoad scheme's per method. A
 * category not listed earns (or pays) by the scheme's own slabs; removing every category
 * saves none.
 */
function CategorySlabFields({ service }: { service: SchemeService }) {
  const { t } = useTranslation('commissions');
  const options = categoryOptions(t, service);
  const methods = service === 'pgLoad';
  return (
    <Form.List name="categories">
      {(fields, { add, remove }) => (
        <div className="commissions__categories">
          <Typography.Title level={5}>
            {methods ? t('editor.methods.title') : t('editor.categories.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {methods ? t('editor.methods.notListed') : t('editor.categories.notListed')}
          </Typography.Paragraph>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="commissions__category"
              title={
                <Form.Item
                  name={[field.name, 'category']}
                  noStyle
                  rules={[
                    {
                      required: true,
                      message: methods
                        ? t('editor.methods.required')
                        : t('editor.categories.required'),
                    },
                  ]}
                >
                  <Select
                    aria-label={
                      methods
                        ? t('editor.methods.numbered', { n: index + 1 })
                        : t('editor.categories.numbered', { n: index + 1 })
                    }
                    options={options}
                    showSearch
                    style={{ minWidth: 200 }}
                  />
                </Form.Item>
              }
              extra={
                <Button size="small" onClick={() => remove(field.name)}>
                  {methods ? t('editor.methods.remove') : t('editor.categories.remove')}
                </Button>
              }
            >
              <Form.Item noStyle dependencies={[['categories', field.name, 'category']]}>
                {(form) => {
                  const category = form.getFieldValue(['categories', field.name, 'category']) as
                    string | undefined;
                  return (
                    <SlabFields
                      name={[field.name, 'slabs']}
                      group={
                        category ??
                        (methods
                          ? t('editor.methods.unnamed', { n: index + 1 })
                          : t('editor.categories.unnamed', { n: index + 1 }))
                      }
                    />
                  );
                }}
              </Form.Item>
            </Card>
          ))}
          <Button onClick={() => add({ category: undefined, slabs: [{ ...NEW_SLAB }] })}>
            {methods ? t('editor.methods.add') : t('editor.categories.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function SchemeEditor({ scheme, onClose }: { scheme?: SchemeRow; onClose: () => void }) {
  const { t } = useTranslation('commissions');
  const save = useSaveScheme();
  const start = scheme ?? DEFAULT_SCHEMES.payout;
  const [form] = Form.useForm<SchemeFields>();
  const service = Form.useWatch('service', form) ?? start.service;
  const withCategories = CATEGORY_SCHEME_SERVICES.includes(service);
  const submit = async (values: SchemeFields) => {
    const categories = values.categories ?? [];
    await save.mutateAsync({
      ...(scheme && { id: scheme.id }),
      name: values.name,
      service: values.service,
      slabs: toSlabs(values.slabs),
      // Sent whole (an empty object clears them), only for a service that has them.
      ...(withCategories && {
        categorySlabs: Object.fromEntries(
          categories.map(({ category, slabs }) => [category, toSlabs(slabs)]),
        ),
      }),
    });
    onClose();
  };
  return (
    <Modal
      open
      title={scheme ? t('schemes.editName', { name: scheme.name }) : t('schemes.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('editor.save')}
      confirmLoading={save.isPending}
      width={760}
      destroyOnHidden
    >
      <Form<SchemeFields>
        // Its own ids: the assign form beside it has a `service` field too.
        name="scheme-editor"
        form={form}
        layout="vertical"
        initialValues={{
          name: scheme ? scheme.name : '',
          service: start.service,
          slabs: start.slabs.map(toSlabField),
          categories: Object.entries(start.categorySlabs ?? {}).map(([category, slabs]) => ({
            category,
            slabs: slabs.map(toSlabField),
          })),
        }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <div className="commissions__form-row">
          <Form.Item
            name="name"
            label={t('editor.name')}
            rules={[{ required: true, message: t('editor.nameRequired') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="service" label={t('editor.service')}>
            <Select
              disabled={Boolean(scheme)}
              options={SCHEME_SERVICES.map((value) => ({ value, label: t(SERVICE_KEYS[value]) }))}
            />
          </Form.Item>
        </div>
        <SlabFields name={['slabs']} />
        {withCategories && <CategorySlabFields service={service} />}
      </Form>
      <Typography.Paragraph type="secondary" className="commissions__note">
        {t('editor.note')}
      </Typography.Paragraph>
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
    </Modal>
  );
}
