import { useEffect, useId, useRef } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { SUPPORT_CONTACTS } from '../support-contacts';
import { CALLBACK_MESSAGE_MAX, CALLBACK_NAME_MAX } from '@khata/domain';
import { callbackRules } from './callback-rules';
import { useCallbackRequest } from './useCallbackRequest';
import './callback-box.css';

interface CallbackFormValues {
  name: string;
  mobile: string;
  message?: string;
}

export interface CallbackBoxProps {
  /** `compact` sits above the footer of every public page; `full` is the contact page's. */
  variant?: 'compact' | 'full';
}

/** "Request a call-back": a visitor leaves a name and number, and support calls them. */
export function CallbackBox({ variant = 'compact' }: CallbackBoxProps) {
  const [form] = Form.useForm<CallbackFormValues>();
  const request = useCallbackRequest();
  const headingId = useId();
  // Two boxes may share a page while one route replaces another; their field ids must not.
  const formName = `callback-${variant}`;

  const send = ({ name, mobile, message }: CallbackFormValues) => {
    const note = message?.trim();
    request.mutate({ name: name.trim(), mobile, ...(note ? { message: note } : {}) });
  };

  const startAgain = () => {
    form.resetFields();
    request.reset();
  };

  return (
    <section className={`callback-box callback-box--${variant}`} aria-labelledby={headingId}>
      <div className="callback-box__intro">
        <Typography.Title id={headingId} level={2} className="callback-box__title">
          Request a call-back
        </Typography.Title>
        <Typography.Paragraph className="callback-box__lead">
          Leave your name and mobile number and our support team will call you, usually within one
          working day. We call {SUPPORT_CONTACTS.hours}.
        </Typography.Paragraph>
      </div>

      <div className="callback-box__body">
        {request.isSuccess ? (
          <CallbackThanks message={request.data.message} onStartAgain={startAgain} />
        ) : (
          <Form<CallbackFormValues>
            form={form}
            name={formName}
            layout="vertical"
            requiredMark="optional"
            disabled={request.isPending}
            onFinish={send}
            className="callback-box__form"
          >
            <div className="callback-box__fields">
              <Form.Item label="Your name" name="name" required rules={callbackRules.name}>
                <Input autoComplete="name" maxLength={CALLBACK_NAME_MAX} />
              </Form.Item>
              <Form.Item label="Mobile number" name="mobile" required rules={callbackRules.mobile}>
                <Input
                  autoComplete="tel-national"
                  inputMode="numeric"
                  maxLength={14}
                  placeholder="10-digit mobile number"
                />
              </Form.Item>
            </div>
            <Form.Item label="What can we help with?" name="message" rules={callbackRules.message}>
              <Input.TextArea
                autoSize={{ minRows: variant === 'full' ? 3 : 1, maxRows: 6 }}
                maxLength={CALLBACK_MESSAGE_MAX}
                placeholder="For example: I want to start AEPS at my shop"
              />
            </Form.Item>
            {request.isError && (
              <Alert
                className="callback-box__error"
                type="error"
                showIcon
                title={request.error.message}
              />
            )}
            <Button type="primary" htmlType="submit" loading={request.isPending}>
              Call me back
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}

/** Takes the focus when it appears, so keyboard and screen-reader users hear the answer. */
function CallbackThanks({ message, onStartAgain }: { message: string; onStartAgain: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus({ preventScroll: true }), []);
  return (
    <div className="callback-box__thanks" role="status" tabIndex={-1} ref={panel}>
      <p className="callback-box__thanks-title">{message}</p>
      <p>
        Keep your phone close: the call comes from {SUPPORT_CONTACTS.phone.display}. We never ask
        for your PIN, password or an OTP on a call.
      </p>
      <Button onClick={onStartAgain}>Request another call-back</Button>
    </div>
  );
}
