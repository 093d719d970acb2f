import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  BBPS_SERVICE_REASONS,
  BbpsComplaintMessages,
  checkBbpsComplaintDescription,
  checkBbpsServiceReason,
  COMPLAINT_TEXT_MAX,
  type BbpsServiceComplaintRequest,
  type BbpsServiceParty,
} from '@khata/domain';
import { AppPath } from '../../../../app/paths';
import { ruleFrom } from '../../../../ui/formRules';
import { useBillerSearch, useRaiseBbpsServiceComplaint } from './api';
import { reasonLabel } from './choices';
import { localizeMessage } from '../../../../i18n/messages';
import { FocusedResult } from '../../../../ui/FocusedResult';
import { raisedState } from '../raised';

/**
 * "BBPS service complaint" (issue 27), on Customer Support: against an agent or a biller, with
 * one of BBPS's reasons, registered with Bharat BillPay and followed in My Complaints.
 */
export function BbpsServiceComplaintForm() {
  const { t } = useTranslation('complaints');
  const [form] = Form.useForm<BbpsServiceComplaintRequest>();
  const party = Form.useWatch('party', form) as BbpsServiceParty | undefined;
  const [search, setSearch] = useState('');
  const billers = useBillerSearch(search, party === 'biller');
  const navigate = useNavigate();
  const raise = useRaiseBbpsServiceComplaint();

  const submit = (values: BbpsServiceComplaintRequest) =>
    raise.mutate(
      { ...values, billerId: values.party === 'biller' ? values.billerId : null },
      {
        onSuccess: (answer) =>
          void navigate(`${AppPath.myComplaints}?id=${answer.data.id}`, {
            state: raisedState(answer.message),
          }),
      },
    );

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      initialValues={{ party: 'agent' }}
      data-testid="bbps-service-complaint"
    >
      <Form.Item name="party" label={t('bbps.service.against')}>
        <Radio.Group
          options={[
            { value: 'agent', label: t('bbps.service.agent') },
            { value: 'biller', label: t('bbps.service.biller') },
          ]}
        />
      </Form.Item>
      {party === 'biller' && (
        <Form.Item
          name="billerId"
          label={t('bbps.service.billerLabel')}
          rules={[
            { required: true, message: localizeMessage(BbpsComplaintMessages.billerRequired) },
          ]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            aria-label={t('bbps.service.billerLabel')}
            placeholder={t('bbps.service.billerPlaceholder')}
            loading={billers.isFetching}
            options={(billers.data?.data ?? []).map((biller) => ({
              value: biller.id,
              label: biller.name,
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={t('bbps.service.reason')}
        rules={[ruleFrom(checkBbpsServiceReason)]}
      >
        <Select
          aria-label={t('bbps.service.reason')}
          placeholder={t('bbps.service.reasonPlaceholder')}
          options={BBPS_SERVICE_REASONS.map((value) => ({ value, label: reasonLabel(t, value) }))}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('bbps.describe')}
        rules={[ruleFrom(checkBbpsComplaintDescription)]}
      >
        <Input.TextArea maxLength={COMPLAINT_TEXT_MAX} showCount autoSize={{ minRows: 3 }} />
      </Form.Item>
      {raise.isError && (
        <FocusedResult result={raise.error}>
          <Alert type="error" showIcon title={raise.error.message} />
        </FocusedResult>
      )}
      <Button type="primary" htmlType="submit" loading={raise.isPending}>
        {t('bbps.service.submit')}
      </Button>
    </Form>
  );
}
