import { Button, Card, Form, Input, InputNumber, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { useBookApplications, useInvalidateContracts } from './contracts-api.ts';
import { submitForm } from './form-submit.ts';
import { CONTRACTS_NS } from './i18n.ts';

const STATUS_COLOR = { pending: 'gold', approved: 'green', refused: 'red' } as const;

/** The book's guarantee and apply-sale applications, and the forms to make them (reviewed by an editor). */
export function ApplicationsCard({ bookId, signed, canApply }: { bookId: number; signed: boolean; canApply: boolean }) {
  const { t } = useTranslation(CONTRACTS_NS);
  const list = useBookApplications(bookId);
  const onSaleAt = list.data?.on_sale_at ?? null;
  const invalidate = useInvalidateContracts();
  const [open, setOpen] = useState<'guarantee' | 'sale' | null>(null);
  const [form] = Form.useForm();
  const submit = async (values: { note: string; amount_yuan?: number }) => {
    const path = open === 'sale' ? '/api/pc/v1/book/apply-sale' : '/api/pc/v1/book/guarantee';
    if (await submitForm(form, () => apiPost(path, { book_id: bookId, ...values }, { silent: true }))) {
      toast.success(t('apps.submitted'));
      setOpen(null);
      form.resetFields();
      void invalidate();
    }
  };
  return (
    <Card title={t('apps.title')} style={{ marginTop: 16 }}>
      <Space style={{ marginBottom: 12 }}>
        <Button disabled={!canApply} onClick={() => setOpen('guarantee')} data-testid="apply-guarantee">
          {t('apps.guarantee')}
        </Button>
        {onSaleAt ? (
          <Tag color="green" data-testid="on-sale">
            {t('apps.onSale', { date: formatBeijing(onSaleAt).slice(0, 10) })}
          </Tag>
        ) : (
          <Button disabled={!signed} onClick={() => setOpen('sale')} title={signed ? '' : t('apps.saleNeedsSign')}>
            {t('apps.sale')}
          </Button>
        )}
      </Space>
      {open && (
        <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 480 }}>
          {open === 'guarantee' && (
            <Form.Item
              name="amount_yuan"
              label={t('apps.amount')}
              rules={[{ required: true, message: t('apps.amount') }]}
            >
              <InputNumber min={1} max={100000} precision={0} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="note" label={t('apps.note')} rules={[{ required: true, message: t('apps.note') }]}>
            <Input.TextArea maxLength={500} rows={3} showCount />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('apps.submit')}
            </Button>
            <Button onClick={() => setOpen(null)}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      )}
      <List
        size="small"
        dataSource={list.data?.list ?? []}
        renderItem={(a) => (
          <List.Item>
            <Space direction="vertical" size={0}>
              <Space>
                <Tag color={STATUS_COLOR[a.status]}>{a.status_label}</Tag>
                {a.kind_label}
                {a.amount_fen ? `${(a.amount_fen / 100).toFixed(0)}元/月` : ''}
                <Typography.Text type="secondary">{formatBeijing(a.created_at).slice(0, 10)}</Typography.Text>
              </Space>
              {a.review_reason && (
                <Typography.Text type="secondary">
                  {t('apps.reviewReason', { reason: a.review_reason })}
                </Typography.Text>
              )}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
