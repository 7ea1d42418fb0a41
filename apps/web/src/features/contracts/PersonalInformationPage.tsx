import { penNameProblem } from '@author-centre/shared/contracts';
import { isMobile, isRealName } from '@author-centre/shared/validation-rules';
import { Avatar, Button, Card, Descriptions, Form, Input, Modal, Space, Spin, Typography, Upload } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LazyCascader } from '../../components/LazyCascader.tsx';
import { LazySelect } from '../../components/LazySelect.tsx';
import { PlainTabs } from '../../components/plain/Tabs.tsx';
import { apiPost, apiUpload } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { useBrand } from '../../platform/brand.tsx';
import { toast } from '../../platform/notify.ts';
import { PATHS, useBasicData, useInvalidateContracts, useProvinces } from './contracts-api.ts';
import { submitForm } from './form-submit.ts';
import { CONTRACTS_NS } from './i18n.ts';
import { Loading, msg, placeOptions, RELATIONSHIPS, sharedRule } from './personal-information-parts.tsx';

// The secondary tabs download when first opened (issue 19).
const IdentityPane = lazy(() => import('./PersonalInformationPanes.tsx').then((m) => ({ default: m.IdentityPane })));
const BankPane = lazy(() => import('./PersonalInformationPanes.tsx').then((m) => ({ default: m.BankPane })));
const AddressPane = lazy(() => import('./PersonalInformationPanes.tsx').then((m) => ({ default: m.AddressPane })));
const pane = (node: ReactNode) => (
  <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{node}</Suspense>
);

/** /front/personal-information: basic data, identity, bank card and delivery addresses. */
export default function PersonalInformationPage() {
  const { t } = useTranslation(CONTRACTS_NS);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'basic';
  return (
    <div className="ac-contracts-page" style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('personal.title')}</Typography.Title>
      <PlainTabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'basic', label: t('personal.tabs.basic'), children: <BasicDataPane /> },
          { key: 'identity', label: t('personal.tabs.identity'), children: pane(<IdentityPane />) },
          { key: 'bank', label: t('personal.tabs.bank'), children: pane(<BankPane />) },
          { key: 'address', label: t('personal.tabs.address'), children: pane(<AddressPane />) },
        ]}
      />
    </div>
  );
}

function BasicDataPane() {
  const { t } = useTranslation(CONTRACTS_NS);
  const { penNameChangeDays } = useBrand();
  const basic = useBasicData();
  const provinces = useProvinces();
  const invalidate = useInvalidateContracts();
  const [form] = Form.useForm();
  const [emergency] = Form.useForm();
  const [renameForm] = Form.useForm();
  const [renaming, setRenaming] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const d = basic.data;
    if (!d) return;
    form.setFieldsValue({
      qq: d.contact.qq,
      email: d.contact.email,
      wx_no: d.contact.wx_no,
      place: d.province ? [d.province, d.city] : [],
      address: d.contact.address,
    });
    emergency.setFieldsValue({
      emergency_name: d.contact.emergency_name,
      relationship: d.relationship || undefined,
      relationship_phone: d.contact.relationship_phone,
    });
  }, [basic.data, form, emergency]);
  if (!basic.data) return <Loading error={basic.error} retry={() => void basic.refetch()} />;

  const uploadAvatar = async (file: File) => {
    if (await submitForm(null, () => apiUpload(PATHS.avatar, file, {}, { silent: true }))) void invalidate();
  };
  const rename = async (values: { pen_name: string }) => {
    if (await submitForm(renameForm, () => apiPost(PATHS.changePenName, values, { silent: true }))) {
      toast.success(t('common.saved'));
      setRenaming(false);
      void invalidate();
    }
  };
  const save = async (values: { qq?: string; email?: string; wx_no?: string; place?: string[]; address?: string }) => {
    setSaving(true);
    const ok = await submitForm(form, () =>
      apiPost(
        PATHS.saveBasic,
        {
          qq: values.qq ?? '',
          email: values.email ?? '',
          wx_no: values.wx_no ?? '',
          province: values.place?.[0] ?? '',
          city: values.place?.[1] ?? '',
          address: values.address ?? '',
        },
        { silent: true },
      ),
    );
    setSaving(false);
    if (ok) {
      toast.success(t('common.saved'));
      void invalidate();
    }
  };
  const saveEmergency = async (values: Record<string, string>) => {
    if (await submitForm(emergency, () => apiPost(PATHS.relationship, values, { silent: true }))) {
      toast.success(t('common.saved'));
      void invalidate();
    }
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 640 }}>
      <Card>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('personal.avatar')}>
            <Space>
              <Avatar src={basic.data.avatar || undefined} size={48}>
                {basic.data.pen_name.slice(0, 1)}
              </Avatar>
              <Upload
                accept="image/jpeg,image/png,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  void uploadAvatar(file);
                  return false;
                }}
              >
                <Button size="small">{t('personal.changeAvatar')}</Button>
              </Upload>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('personal.penName')}>
            <Space>
              <span data-testid="pen-name">{basic.data.pen_name}</span>
              {basic.data.pen_name_next_change_at ? (
                <Typography.Text type="secondary">
                  {t('personal.penNameLocked', {
                    date: formatBeijing(basic.data.pen_name_next_change_at).slice(0, 10),
                  })}
                </Typography.Text>
              ) : (
                <Button size="small" onClick={() => setRenaming(true)}>
                  {t('personal.changePenName')}
                </Button>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('personal.phone')}>{basic.data.phone}</Descriptions.Item>
        </Descriptions>
        <Form form={form} layout="vertical" onFinish={save} data-testid="basic-form">
          <Form.Item name="qq" label={t('personal.qq')}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label={t('personal.email')}>
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item name="wx_no" label={t('personal.wx')}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="place" label={t('personal.place')}>
            <LazyCascader
              options={placeOptions(provinces.data?.provinces)}
              placeholder={t('personal.placePlaceholder')}
              showSearch
            />
          </Form.Item>
          <Form.Item name="address" label={t('personal.address')}>
            <Input maxLength={100} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
      <Modal
        open={renaming}
        title={t('personal.changePenName')}
        onCancel={() => setRenaming(false)}
        onOk={() => renameForm.submit()}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {t('personal.penNameRule', { days: penNameChangeDays })}
        </Typography.Paragraph>
        <Form form={renameForm} layout="vertical" onFinish={rename} preserve={false}>
          <Form.Item name="pen_name" label={t('personal.newPenName')} rules={[sharedRule(penNameProblem)]}>
            <Input maxLength={12} />
          </Form.Item>
        </Form>
      </Modal>
      <Card title={t('personal.emergency')}>
        <Form form={emergency} layout="vertical" onFinish={saveEmergency}>
          <Form.Item
            name="emergency_name"
            label={t('personal.emergencyName')}
            rules={[
              {
                validator: async (_, v) =>
                  v && isRealName(v) ? undefined : Promise.reject(new Error(msg('realName'))),
              },
            ]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="relationship" label={t('personal.relationship')} rules={[{ required: true }]}>
            <LazySelect options={RELATIONSHIPS.map((r) => ({ value: r, label: r }))} />
          </Form.Item>
          <Form.Item
            name="relationship_phone"
            label={t('personal.relationshipPhone')}
            rules={[
              { validator: async (_, v) => (v && isMobile(v) ? undefined : Promise.reject(new Error(msg('phone')))) },
            ]}
          >
            <Input maxLength={11} />
          </Form.Item>
          <Button htmlType="submit">{t('personal.saveEmergency')}</Button>
        </Form>
      </Card>
    </Space>
  );
}
