import { useState } from 'react';
import { useNavigate, generatePath } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  indiaDay,
  RENT_STATES,
  RENT_TERM_DEFAULT,
  RENT_TERM_MAX,
  RENT_WITNESSES_MAX,
  RENT_PARTIES_MAX,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { createRentDraft, invalidateRent, useRentQuote, type RentQuoteRequest } from './api';
import { RentBreakdown } from './RentBreakdown';
import { partyWord } from './words';
import './rent.css';

interface PartyValues {
  name?: string;
  parentName?: string;
  address?: string;
  mobile?: string;
  idKind?: 'pan' | 'aadhaar';
  idValue?: string;
}
interface DraftValues {
  state?: string;
  city?: string;
  propertyAddress?: string;
  propertyKind?: 'residential' | 'commercial';
  landlords?: PartyValues[];
  tenants?: PartyValues[];
  rent?: string;
  deposit?: string;
  maintenance?: string;
  startDate?: string;
  termMonths?: number;
  lockInMonths?: number;
  noticeMonths?: number;
  yearlyIncreasePercent?: string;
  furnishings?: string[];
  witnesses?: { name?: string; address?: string }[];
}

const EMPTY_PARTY: PartyValues = { idKind: 'pan' };

function PartyList({ name }: { name: 'landlords' | 'tenants' }) {
  const { t } = useTranslation('rent');
  const role = name === 'landlords' ? 'landlord' : 'tenant';
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="rent-party"
              title={partyWord(t, role, index)}
              extra={
                fields.length > 1 && (
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    {t('form.remove')}
                  </Button>
                )
              }
            >
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('form.party.name')}
                    rules={[{ required: true }]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'parentName']}
                    label={t('form.party.parentName')}
                    rules={[{ required: true }]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item
                    name={[field.name, 'address']}
                    label={t('form.party.address')}
                    rules={[{ required: true }]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name={[field.name, 'mobile']}
                    label={t('form.party.mobile')}
                    rules={[{ required: true }]}
                  >
                    <Input inputMode="numeric" maxLength={10} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name={[field.name, 'idKind']} label={t('form.party.idKind')}>
                    <Select
                      options={[
                        { value: 'pan', label: t('form.party.pan') },
                        { value: 'aadhaar', label: t('form.party.aadhaar') },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name={[field.name, 'idValue']}
                    label={t('form.party.idValue')}
                    rules={[{ required: true }]}
                  >
                    <Input autoComplete="off" maxLength={10} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          {fields.length < RENT_PARTIES_MAX && (
            <Button onClick={() => add({ ...EMPTY_PARTY })} className="rent-add">
              {role === 'landlord' ? t('form.addLandlord') : t('form.addTenant')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/**
 * Issue 28: `/admin/rent-agreement`, a shop drafts a rent agreement for a customer: the
 * property, landlords and tenants, the money and the term, furnishings and witnesses. The
 * price (stamp duty + service charge) and the warnings come live from the API's quote, the
 * rule that charges it; saving makes a draft, paid from its page.
 */
export function RentAgreementPage() {
  const { t } = useTranslation('rent');
  const [form] = Form.useForm<DraftValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const state = Form.useWatch('state', form);
  const rent = Form.useWatch('rent', form);
  const deposit = Form.useWatch('deposit', form);
  const termMonths = Form.useWatch('termMonths', form);
  const increase = Form.useWatch('yearlyIncreasePercent', form);
  const propertyKind = Form.useWatch('propertyKind', form);
  const request: RentQuoteRequest | undefined =
    state && rent && Number(rent) > 0
      ? {
          state,
          rent: String(rent),
          deposit: deposit ? String(deposit) : '0',
          termMonths: termMonths ?? RENT_TERM_DEFAULT,
          ...(increase ? { yearlyIncreasePercent: String(increase) } : {}),
          propertyKind: propertyKind ?? 'residential',
        }
      : undefined;
  const quote = useRentQuote(request);

  const save = async (values: DraftValues) => {
    setSaving(true);
    setRefusal(undefined);
    try {
      const draft = await createRentDraft({
        ...values,
        furnishings: values.furnishings ?? [],
        witnesses: (values.witnesses ?? []).filter((one) => one.name || one.address),
      });
      invalidateRent(queryClient);
      void navigate(generatePath(AppPath.rentAgreementDetails, { rentAgreement: draft.id }));
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : t('form.notSaved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <RequireMenuItem item="rentAgreement">
      <AdminPage title={t('form.title')} intro={t('form.intro')}>
        <Form<DraftValues>
          form={form}
          name="rent-agreement"
          layout="vertical"
          requiredMark="optional"
          disabled={saving}
          onFinish={(values) => void save(values)}
          onValuesChange={() => setRefusal(undefined)}
          initialValues={{
            propertyKind: 'residential',
            termMonths: RENT_TERM_DEFAULT,
            lockInMonths: 0,
            noticeMonths: 1,
            startDate: indiaDay(new Date()),
            landlords: [{ ...EMPTY_PARTY }],
            tenants: [{ ...EMPTY_PARTY, idKind: 'aadhaar' }],
            witnesses: [],
          }}
        >
          <Row gutter={24}>
            <Col xs={24} lg={15}>
              <Card title={t('form.property.title')} size="small" className="rent-card">
                <Row gutter={12}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name="state"
                      label={t('form.property.state')}
                      rules={[{ required: true, message: t('form.property.stateRequired') }]}
                    >
                      <Select
                        placeholder={t('form.property.choose')}
                        options={RENT_STATES.map((one) => ({ value: one.code, label: one.name }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name="city"
                      label={t('form.property.city')}
                      rules={[{ required: true }]}
                    >
                      <Input autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name="propertyKind" label={t('form.property.kind')}>
                      <Select
                        options={[
                          { value: 'residential', label: t('form.property.residential') },
                          { value: 'commercial', label: t('form.property.commercial') },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24}>
                    <Form.Item
                      name="propertyAddress"
                      label={t('form.property.address')}
                      rules={[{ required: true }]}
                    >
                      <Input.TextArea rows={2} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
              <Card title={t('form.landlords')} size="small" className="rent-card">
                <PartyList name="landlords" />
              </Card>
              <Card title={t('form.tenants')} size="small" className="rent-card">
                <PartyList name="tenants" />
              </Card>
              <Card title={t('form.money.title')} size="small" className="rent-card">
                <Row gutter={12}>
                  <Col xs={12} md={8}>
                    <Form.Item
                      name="rent"
                      label={t('form.money.rent')}
                      rules={[{ required: true }]}
                    >
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="deposit" label={t('form.money.deposit')}>
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="maintenance" label={t('form.money.maintenance')}>
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item
                      name="startDate"
                      label={t('form.money.startDate')}
                      rules={[{ required: true }]}
                    >
                      <Input type="date" min={indiaDay(new Date())} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="termMonths" label={t('form.money.term')}>
                      <InputNumber
                        min={1}
                        max={RENT_TERM_MAX}
                        precision={0}
                        className="rent-number"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="lockInMonths" label={t('form.money.lockIn')}>
                      <InputNumber
                        min={0}
                        max={RENT_TERM_MAX}
                        precision={0}
                        className="rent-number"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="noticeMonths" label={t('form.money.notice')}>
                      <InputNumber min={0} max={6} precision={0} className="rent-number" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="yearlyIncreasePercent" label={t('form.money.increase')}>
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24}>
                    <Form.Item name="furnishings" label={t('form.money.furnishings')}>
                      <Select
                        mode="tags"
                        placeholder={t('form.money.furnishingsPlaceholder')}
                        open={false}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
              <Card title={t('form.witnesses.title')} size="small" className="rent-card">
                <Form.List name="witnesses">
                  {(fields, { add, remove }) => (
                    <>
                      {fields.map((field, index) => (
                        <Row gutter={12} key={field.key}>
                          <Col xs={24} md={10}>
                            <Form.Item
                              name={[field.name, 'name']}
                              label={t('form.witnesses.name', { n: index + 1 })}
                            >
                              <Input autoComplete="off" />
                            </Form.Item>
                          </Col>
                          <Col xs={20} md={12}>
                            <Form.Item
                              name={[field.name, 'address']}
                              label={t('form.witnesses.address')}
                            >
                              <Input autoComplete="off" />
                            </Form.Item>
                          </Col>
                          <Col xs={4} md={2} className="rent-remove">
                            <Button type="link" danger onClick={() => remove(field.name)}>
                              {t('form.remove')}
                            </Button>
                          </Col>
                        </Row>
                      ))}
                      {fields.length < RENT_WITNESSES_MAX && (
                        <Button onClick={() => add({})} className="rent-add">
                          {t('form.witnesses.add')}
                        </Button>
                      )}
                    </>
                  )}
                </Form.List>
              </Card>
            </Col>
            <Col xs={24} lg={9}>
              <div className="rent-side">
                <Card title={t('form.price')} size="small" className="rent-card">
                  <RentBreakdown
                    loading={quote.isFetching}
                    breakdown={
                      quote.data && {
                        ...quote.data,
                        basis: quote.data.stampRule.basis,
                      }
                    }
                  />
                  {quote.error && (
                    <Alert
                      type="error"
                      showIcon
                      className="rent-alert"
                      title={quote.error.message}
                    />
                  )}
                  {quote.data?.warnings.map((warning) => (
                    <Alert
                      key={warning}
                      type="warning"
                      showIcon
                      className="rent-alert"
                      title={warning}
                    />
                  ))}
                </Card>
                {refusal && (
                  <Alert
                    type="error"
                    showIcon
                    role="alert"
                    className="rent-alert"
                    title={refusal}
                  />
                )}
                <Space direction="vertical" className="rent-actions">
                  <Button type="primary" htmlType="submit" size="large" block loading={saving}>
                    {t('form.save')}
                  </Button>
                </Space>
              </div>
            </Col>
          </Row>
        </Form>
      </AdminPage>
    </RequireMenuItem>
  );
}
