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
import {
  BBPS_CORE_CATEGORIES,
  CATEGORY_SCHEME_SERVICES,
  DEFAULT_SCHEMES,
  EARNING_SCHEME_SERVICES,
  PG_METHOD_LABELS,
  type Rate,
  type RoleKind,
  SCHEME_SERVICES,
  type SchemeService,
  type SchemeSlab,
} from '@khata/domain';
import { type SchemeRow, useEarnersWithoutPan, useSaveScheme, useSchemes } from './api';
import { AssignScheme } from './AssignScheme';
import './commissions.css';

const SERVICE_LABELS: Record<SchemeService, string> = {
  payout: 'Bank payout',
  aepsSettlement: 'AEPS settlement',
  dmt: 'Money transfer (DMT)',
  ppi: 'PPI money transfer',
  aeps: 'AEPS cash withdrawal (commission paid)',
  bbps: 'Bill payments (commission paid, per category)',
  rent: 'Rent agreements (commission paid on the service charge)',
  pgLoad: 'Wallet load by gateway (fee per method)',
};

function rateText(rate: Rate): string {
  if (rate.flatBase !== undefined && rate.flatBase !== null) return `₹${rate.flatBase.toFixed(2)}`;
  if (rate.percentBase !== undefined && rate.percentBase !== null) return `${rate.percentBase}%`;
  return '—';
}

/** Issue 23: the scheme's uplines who are paid with 20% TDS withheld, because no PAN is on file. */
function EarnersWithoutPan() {
  const earners = useEarnersWithoutPan();
  if (!earners.data || earners.data.length === 0) return null;
  return (
    <Alert
      className="commissions__no-pan"
      type="warning"
      showIcon
      data-testid="earners-without-pan"
      title={`${earners.data.length} upline${earners.data.length === 1 ? '' : 's'} with no PAN on file: TDS on their commission is withheld at 20% instead of 2%.`}
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

function boundsText(slabs: SchemeSlab[], index: number): string {
  const from = index === 0 ? 0 : (slabs[index - 1]!.upTo ?? 0);
  const upTo = slabs[index]!.upTo;
  return upTo === null
    ? `above ₹${from.toLocaleString('en-IN')}`
    : `up to ₹${upTo.toLocaleString('en-IN')}`;
}

/**
 * Issue 13: the commission schemes, on Service Management (docs/decisions.md): each scheme's
 * slabs, the fee the retailer pays and each upline's share; the company keeps the rest after
 * GST. An admin edits a scheme or adds one; shares above the fee are refused.
 */
export function CommissionSchemesCard({ roleLabels }: { roleLabels: Record<RoleKind, string> }) {
  const schemes = useSchemes();
  const [editing, setEditing] = useState<SchemeRow | 'new'>();
  return (
    <Card
      title="Commission schemes"
      className="commissions__card"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          New scheme
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
          <AssignScheme
            schemes={schemes.data}
            serviceLabels={SERVICE_LABELS}
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
  const categories = Object.entries(scheme.categorySlabs ?? {});
  return (
    <div data-testid={`scheme-${scheme.id}`}>
      <div className="commissions__scheme-head">
        <Typography.Text strong>{scheme.name}</Typography.Text>
        <Tag>{SERVICE_LABELS[scheme.service]}</Tag>
        {scheme.defaultFor.length > 0 && <Tag color="green">Default</Tag>}
        {scheme.assigned > 0 && <Tag color="blue">{scheme.assigned} users</Tag>}
        <Button size="small" onClick={onEdit} aria-label={`Edit ${scheme.name}`}>
          Edit
        </Button>
      </div>
      {categories.length > 0 && (
        <Typography.Text type="secondary">Every category not listed below</Typography.Text>
      )}
      <SlabTable service={scheme.service} slabs={scheme.slabs} />
      {/* Issue 27: a bbps scheme's own slabs per BBPS category (a pgLoad scheme's per method). */}
      {categories.map(([category, slabs]) => (
        <div key={category} data-testid={`scheme-${scheme.id}-${category}`}>
          <Typography.Text type="secondary">Category: {category}</Typography.Text>
          <SlabTable service={scheme.service} slabs={slabs} />
        </div>
      ))}
    </div>
  );
}

function SlabTable({ service, slabs }: { service: SchemeService; slabs: SchemeSlab[] }) {
  // Short headings on a phone, so four columns fit 360 px.
  const wide = Grid.useBreakpoint().sm ?? false;
  const columns: TableColumnsType<SchemeSlab & { index: number }> = [
    {
      title: 'Amount',
      key: 'amount',
      width: wide ? undefined : 96,
      render: (_, slab) => boundsText(slabs, slab.index),
    },
    {
      // An earning service's "fee" is the commission the company pays (issue 26).
      title: EARNING_SCHEME_SERVICES.includes(service) ? 'Commission' : 'Fee',
      key: 'fee',
      align: 'right',
      render: (_, slab) => rateText(slab.fee),
    },
    {
      title: wide ? 'Distributor' : 'Dist.',
      key: 'distributor',
      align: 'right',
      render: (_, slab) => rateText(slab.distributor),
    },
    {
      title: wide ? 'Super distributor' : 'Super',
      key: 'superDistributor',
      align: 'right',
      render: (_, slab) => rateText(slab.superDistributor),
    },
  ];
  return (
    <Table
      rowKey="index"
      size="small"
      columns={columns}
      dataSource={slabs.map((slab, index) => ({ ...slab, index }))}
      pagination={false}
      scroll={{ x: true }}
    />
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
  prefix = '',
}: {
  name: (string | number)[];
  label: string;
  /** Names a category's inputs apart from the scheme's own ("dth Fee"). */
  prefix?: string;
}) {
  return (
    <Form.Item label={label} className="commissions__rate">
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={[...name, 'type']} noStyle>
          <Select
            aria-label={`${prefix}${label} type`}
            style={{ width: 70 }}
            options={[
              { label: '₹', value: 'flat' },
              { label: '%', value: 'percent' },
            ]}
          />
        </Form.Item>
        <Form.Item name={[...name, 'value']} noStyle>
          <InputNumber
            aria-label={`${prefix}${label}`}
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
function categoryOptions(service: SchemeService): { value: string; label: string }[] {
  if (service === 'pgLoad') {
    return Object.entries(PG_METHOD_LABELS).map(([value, label]) => ({ value, label }));
  }
  return BBPS_CORE_CATEGORIES.map(({ code, name }) => ({ value: code, label: name }));
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
 * `prefix` names its inputs apart, e.g. "dth slab 1 up to").
 */
function SlabFields({ name, prefix }: { name: (string | number)[]; prefix: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="commissions__slab"
              title={`Slab ${index + 1}`}
              extra={
                fields.length > 1 && (
                  <Button size="small" onClick={() => remove(field.name)}>
                    Remove
                  </Button>
                )
              }
            >
              <div className="commissions__form-row">
                <Form.Item
                  name={[field.name, 'upTo']}
                  label={index === fields.length - 1 ? 'Up to (₹, last: no limit)' : 'Up to (₹)'}
                >
                  <InputNumber
                    aria-label={`${prefix}Slab ${index + 1} up to`}
                    min={0}
                    precision={2}
                    disabled={index === fields.length - 1}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                <RateInput name={[field.name, 'fee']} label="Fee" prefix={prefix} />
                <RateInput name={[field.name, 'distributor']} label="Distributor" prefix={prefix} />
                <RateInput
                  name={[field.name, 'superDistributor']}
                  label="Super distributor"
                  prefix={prefix}
                />
              </div>
            </Card>
          ))}
          <Button onClick={() => add({ ...NEW_SLAB }, fields.length)}>Add slab</Button>
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
  const options = categoryOptions(service);
  const noun = service === 'pgLoad' ? 'method' : 'category';
  return (
    <Form.List name="categories">
      {(fields, { add, remove }) => (
        <div className="commissions__categories">
          <Typography.Title level={5}>
            {service === 'pgLoad' ? 'Slabs per payment method' : 'Slabs per BBPS category'}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            A {noun} not listed here uses the slabs above.
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
                  rules={[{ required: true, message: `Please choose a ${noun}.` }]}
                >
                  <Select
                    aria-label={`${noun === 'method' ? 'Method' : 'Category'} ${index + 1}`}
                    options={options}
                    showSearch
                    style={{ minWidth: 200 }}
                  />
                </Form.Item>
              }
              extra={
                <Button size="small" onClick={() => remove(field.name)}>
                  Remove {noun}
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
                      prefix={category ? `${category} ` : `${noun} ${index + 1} `}
                    />
                  );
                }}
              </Form.Item>
            </Card>
          ))}
          <Button onClick={() => add({ category: undefined, slabs: [{ ...NEW_SLAB }] })}>
            Add {noun}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

function SchemeEditor({ scheme, onClose }: { scheme?: SchemeRow; onClose: () => void }) {
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
      title={scheme ? `Edit ${scheme.name}` : 'New scheme'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save scheme"
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
            label="Name"
            rules={[{ required: true, message: 'Please enter a name for the scheme.' }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="service" label="Service">
            <Select
              disabled={Boolean(scheme)}
              options={SCHEME_SERVICES.map((value) => ({ value, label: SERVICE_LABELS[value] }))}
            />
          </Form.Item>
        </div>
        <SlabFields name={['slabs']} prefix="" />
        {withCategories && <CategorySlabFields service={service} />}
      </Form>
      <Typography.Paragraph type="secondary" className="commissions__note">
        The fee includes GST; TDS is withheld from each share (2%, 20% without a PAN). The company
        keeps the rest.
      </Typography.Paragraph>
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
    </Modal>
  );
}
