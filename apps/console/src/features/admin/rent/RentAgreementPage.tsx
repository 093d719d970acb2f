import { useState } from 'react';
import { useNavigate, generatePath } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
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

function PartyList({ name, label }: { name: 'landlords' | 'tenants'; label: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="rent-party"
              title={`${label} ${index + 1}`}
              extra={
                fields.length > 1 && (
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    Remove
                  </Button>
                )
              }
            >
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item name={[field.name, 'name']} label="Name" rules={[{ required: true }]}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[field.name, 'parentName']}
                    label="Father’s or mother’s name"
                    rules={[{ required: true }]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item
                    name={[field.name, 'address']}
                    label="Address"
                    rules={[{ required: true }]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name={[field.name, 'mobile']}
                    label="Mobile"
                    rules={[{ required: true }]}
                  >
                    <Input inputMode="numeric" maxLength={10} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name={[field.name, 'idKind']} label="ID">
                    <Select
                      options={[
                        { value: 'pan', label: 'PAN' },
                        { value: 'aadhaar', label: 'Aadhaar (last 4 digits)' },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name={[field.name, 'idValue']}
                    label="PAN or Aadhaar last 4"
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
              Add {label.toLowerCase()}
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
      setRefusal(error instanceof Error ? error.message : 'The draft was not saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <RequireMenuItem item="rentAgreement">
      <AdminPage
        title="Rent Agreement"
        intro="Draft a rent agreement for your customer. You pay the stamp duty and service charge from your wallet; then each party signs by Aadhaar eSign."
      >
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
              <Card title="Property" size="small" className="rent-card">
                <Row gutter={12}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name="state"
                      label="State"
                      rules={[{ required: true, message: 'Please choose the state.' }]}
                    >
                      <Select
                        placeholder="Choose"
                        options={RENT_STATES.map((one) => ({ value: one.code, label: one.name }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name="city" label="City" rules={[{ required: true }]}>
                      <Input autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name="propertyKind" label="Property">
                      <Select
                        options={[
                          { value: 'residential', label: 'Home (residential)' },
                          { value: 'commercial', label: 'Shop or office' },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24}>
                    <Form.Item
                      name="propertyAddress"
                      label="Property address"
                      rules={[{ required: true }]}
                    >
                      <Input.TextArea rows={2} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
              <Card title="Landlords" size="small" className="rent-card">
                <PartyList name="landlords" label="Landlord" />
              </Card>
              <Card title="Tenants" size="small" className="rent-card">
                <PartyList name="tenants" label="Tenant" />
              </Card>
              <Card title="Money and term" size="small" className="rent-card">
                <Row gutter={12}>
                  <Col xs={12} md={8}>
                    <Form.Item name="rent" label="Monthly rent (₹)" rules={[{ required: true }]}>
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="deposit" label="Deposit (₹)">
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="maintenance" label="Maintenance (₹ a month)">
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="startDate" label="Start date" rules={[{ required: true }]}>
                      <Input type="date" min={indiaDay(new Date())} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="termMonths" label="Term (months)">
                      <InputNumber
                        min={1}
                        max={RENT_TERM_MAX}
                        precision={0}
                        className="rent-number"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="lockInMonths" label="Lock-in (months)">
                      <InputNumber
                        min={0}
                        max={RENT_TERM_MAX}
                        precision={0}
                        className="rent-number"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="noticeMonths" label="Notice (months)">
                      <InputNumber min={0} max={6} precision={0} className="rent-number" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item name="yearlyIncreasePercent" label="Yearly increase (%)">
                      <Input inputMode="decimal" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24}>
                    <Form.Item name="furnishings" label="Furnishings">
                      <Select mode="tags" placeholder="Type an item and press Enter" open={false} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
              <Card title="Witnesses" size="small" className="rent-card">
                <Form.List name="witnesses">
                  {(fields, { add, remove }) => (
                    <>
                      {fields.map((field, index) => (
                        <Row gutter={12} key={field.key}>
                          <Col xs={24} md={10}>
                            <Form.Item
                              name={[field.name, 'name']}
                              label={`Witness ${index + 1} name`}
                            >
                              <Input autoComplete="off" />
                            </Form.Item>
                          </Col>
                          <Col xs={20} md={12}>
                            <Form.Item name={[field.name, 'address']} label="Address">
                              <Input autoComplete="off" />
                            </Form.Item>
                          </Col>
                          <Col xs={4} md={2} className="rent-remove">
                            <Button type="link" danger onClick={() => remove(field.name)}>
                              Remove
                            </Button>
                          </Col>
                        </Row>
                      ))}
                      {fields.length < RENT_WITNESSES_MAX && (
                        <Button onClick={() => add({})} className="rent-add">
                          Add witness
                        </Button>
                      )}
                    </>
                  )}
                </Form.List>
              </Card>
            </Col>
            <Col xs={24} lg={9}>
              <div className="rent-side">
                <Card title="Price" size="small" className="rent-card">
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
                    Save draft
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
