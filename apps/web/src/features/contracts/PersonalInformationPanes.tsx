import { ID_DOC_TYPES, idDocumentProblem } from '@author-centre/shared/contracts';
import { BANK_CARD_PATTERN, isIdCard, isMobile, isRealName } from '@author-centre/shared/validation-rules';
import {
  Alert,
  Button,
  Card,
  Cascader,
  DatePicker,
  Descriptions,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTable } from '../../components/plain/Table.tsx';
import { apiPost, apiUpload } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import {
  type Address,
  type BankCardView,
  PATHS,
  useAddresses,
  useBankCard,
  useBankLog,
  useIdentity,
  useInvalidateContracts,
  useProvinces,
} from './contracts-api.ts';
import { submitForm } from './form-submit.ts';
import { CONTRACTS_NS } from './i18n.ts';
import { Loading, msg, placeOptions, sharedRule } from './personal-information-parts.tsx';

/**
 * The personal-information page's secondary tabs (identity, bank card, addresses: antd's date picker, table,
 * cascader), downloaded when one is first opened, not with the basic-data tab (issue 19).
 */
export function IdentityPane() {
  const { t } = useTranslation(CONTRACTS_NS);
  const identity = useIdentity();
  const invalidate = useInvalidateContracts();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState(false);
  const [full, setFull] = useState(false);
  const [saving, setSaving] = useState(false);
  const idType = Form.useWatch('id_type', form) ?? 'id_card';
  if (!identity.data) return <Loading error={identity.error} retry={() => void identity.refetch()} />;
  const d = identity.data;

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    const birth = values.birth_date as dayjs.Dayjs | undefined;
    const ok = await submitForm(form, () =>
      apiPost(PATHS.saveIdentity, { ...values, birth_date: birth ? birth.format('YYYY-MM-DD') : '' }, { silent: true }),
    );
    setSaving(false);
    if (ok) {
      toast.success(t('common.saved'));
      setEditing(false);
      void invalidate();
    }
  };
  const uploadPhoto = async (side: 'front' | 'back', file: File) => {
    if (await submitForm(null, () => apiUpload(PATHS.idPhoto, file, { side }, { silent: true }))) {
      toast.success(t('identity.photoUploaded'));
      void invalidate();
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 640 }}>
      {d.verified && !editing ? (
        <Card
          title={<Tag color="green">{t('identity.verified')}</Tag>}
          extra={<Button onClick={() => setEditing(true)}>{t('identity.change')}</Button>}
        >
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('identity.idType')}>{t(`identity.types.${d.id_type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('identity.realName')}>
              <span data-testid="identity-name">{full ? d.real_name : d.real_name_mask}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('identity.idCard')}>
              <span data-testid="identity-number">{full ? d.id_number : d.id_number_mask}</span>{' '}
              <Button type="link" size="small" onClick={() => setFull(!full)}>
                {full ? t('identity.hideFull') : t('identity.showFull')}
              </Button>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : (
        <Card title={<Tag>{t('identity.notVerified')}</Tag>}>
          <Alert type="info" showIcon message={t('identity.underageHint')} style={{ marginBottom: 16 }} />
          <Form
            form={form}
            layout="vertical"
            onFinish={save}
            initialValues={{ id_type: 'id_card' }}
            data-testid="identity-form"
          >
            <Form.Item name="id_type" label={t('identity.idType')}>
              <Select options={ID_DOC_TYPES.map((v) => ({ value: v, label: t(`identity.types.${v}`) }))} />
            </Form.Item>
            <Form.Item
              name="real_name"
              label={t('identity.realName')}
              rules={[
                {
                  validator: async (_, v) =>
                    v && isRealName(v.trim()) ? undefined : Promise.reject(new Error(msg('realName'))),
                },
              ]}
            >
              <Input maxLength={30} />
            </Form.Item>
            {idType === 'id_card' && (
              <Form.Item
                name="id_card"
                label={t('identity.idCard')}
                rules={[
                  {
                    validator: async (_, v) =>
                      v && isIdCard(v.trim()) ? undefined : Promise.reject(new Error(msg('idCard'))),
                  },
                ]}
              >
                <Input maxLength={18} />
              </Form.Item>
            )}
            {idType === 'hmt_card' && (
              <Form.Item
                name="hmt_card"
                label={t('identity.hmtCard')}
                rules={[sharedRule((v) => idDocumentProblem('hmt_card', v.toUpperCase()))]}
              >
                <Input maxLength={11} />
              </Form.Item>
            )}
            {idType === 'passport' && (
              <Form.Item
                name="passport"
                label={t('identity.passport')}
                rules={[sharedRule((v) => idDocumentProblem('passport', v.toUpperCase()))]}
              >
                <Input maxLength={17} />
              </Form.Item>
            )}
            {idType !== 'id_card' && (
              <Form.Item name="birth_date" label={t('identity.birthDate')} rules={[{ required: true }]}>
                <DatePicker disabledDate={(day) => day.isAfter(dayjs())} />
              </Form.Item>
            )}
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('identity.submit')}
              </Button>
              {d.verified && <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>}
            </Space>
          </Form>
        </Card>
      )}
      <Card title={t('identity.photos')}>
        <Typography.Paragraph type="secondary">{t('identity.photoHint')}</Typography.Paragraph>
        <Space>
          {(['front', 'back'] as const).map((side) => (
            <Upload
              key={side}
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                void uploadPhoto(side, file);
                return false;
              }}
            >
              <Button>
                {t(side === 'front' ? 'identity.photoFront' : 'identity.photoBack')}
                {(side === 'front' ? d.photo_front : d.photo_back) ? ` ✓ ${t('identity.photoUploaded')}` : ''}
              </Button>
            </Upload>
          ))}
        </Space>
      </Card>
    </Space>
  );
}

export function BankPane() {
  const { t } = useTranslation(CONTRACTS_NS);
  const bank = useBankCard();
  const invalidate = useInvalidateContracts();
  const [form] = Form.useForm();
  const [changeForm] = Form.useForm();
  const [changing, setChanging] = useState(false);
  const [full, setFull] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const log = useBankLog(showLog);
  if (!bank.data) return <Loading error={bank.error} retry={() => void bank.refetch()} />;
  const { card, change, refused_change: refused } = bank.data;

  const cardRules = {
    bank_num: [
      {
        validator: async (_: unknown, v?: string) =>
          v && BANK_CARD_PATTERN.test(v.replace(/\s+/g, '')) ? undefined : Promise.reject(new Error(msg('bankCard'))),
      },
    ],
    account_name: [
      {
        validator: async (_: unknown, v?: string) =>
          v && isRealName(v.trim()) ? undefined : Promise.reject(new Error(msg('realName'))),
      },
    ],
    bank_phone: [
      {
        validator: async (_: unknown, v?: string) =>
          v && isMobile(v) ? undefined : Promise.reject(new Error(msg('phone'))),
      },
    ],
  };
  const cardFields = (
    <>
      <Form.Item name="bank_num" label={t('bank.bankNum')} rules={cardRules.bank_num}>
        <Input maxLength={23} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="account_name"
        label={t('bank.accountName')}
        extra={t('bank.accountNameHint')}
        rules={cardRules.account_name}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item
        name="bank_name"
        label={t('bank.bankName')}
        rules={[{ required: true, message: t('common.required', { field: t('bank.bankName') }) }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="bank_branch"
        label={t('bank.bankBranch')}
        rules={[{ required: true, message: t('common.required', { field: t('bank.bankBranch') }) }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="bank_phone" label={t('bank.bankPhone')} rules={cardRules.bank_phone}>
        <Input maxLength={11} />
      </Form.Item>
    </>
  );
  const bind = async (values: Record<string, string>) => {
    if (await submitForm(form, () => apiPost(PATHS.bindBank, values, { silent: true }))) {
      toast.success(t('common.saved'));
      void invalidate();
    }
  };
  const saveChange = async (values: Record<string, string>) => {
    if (await submitForm(changeForm, () => apiPost(PATHS.changeSave, values, { silent: true }))) {
      setChanging(false);
      void invalidate();
    }
  };
  const commit = async () => {
    if (await submitForm(null, () => apiPost(PATHS.changeCommit, {}, { silent: true }))) {
      toast.success(t('bank.committed'));
      void invalidate();
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 640 }}>
      {card ? (
        <Card
          title={t('bank.bound')}
          extra={
            !change || change.status === 'draft' || change.status === 'refused' ? (
              <Button onClick={() => setChanging(true)}>{t('bank.change')}</Button>
            ) : null
          }
        >
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('bank.bankNum')}>
              <span data-testid="bank-num">{full ? card.bank_num : card.bank_num_mask}</span>{' '}
              <Button type="link" size="small" onClick={() => setFull(!full)}>
                {full ? t('identity.hideFull') : t('bank.showFull')}
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label={t('bank.accountName')}>{card.account_name}</Descriptions.Item>
            <Descriptions.Item label={t('bank.bankName')}>
              {card.bank_name} {card.bank_branch}
            </Descriptions.Item>
            <Descriptions.Item label={t('bank.bankPhone')}>{card.bank_phone}</Descriptions.Item>
          </Descriptions>
          {change?.status === 'draft' && (
            <Alert
              type="warning"
              showIcon
              message={t('bank.changeDraft')}
              action={
                <Button size="small" type="primary" onClick={() => void commit()}>
                  {t('bank.changeCommit')}
                </Button>
              }
            />
          )}
          {change?.status === 'pending' && (
            <Alert type="info" showIcon message={t('bank.changePending', { mask: change.bank_num_mask })} />
          )}
          {!change && refused && (
            <Alert
              type="error"
              showIcon
              data-testid="bank-change-refused"
              message={t('bank.changeRefused', { reason: refused.review_reason })}
              description={`${refused.bank_num_mask} ${refused.bank_name} ${refused.bank_branch}`}
            />
          )}
        </Card>
      ) : (
        <Card>
          <Typography.Paragraph>{t('bank.none')}</Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={bind} data-testid="bank-form">
            {cardFields}
            <Button type="primary" htmlType="submit">
              {t('bank.bind')}
            </Button>
          </Form>
        </Card>
      )}
      <Button type="link" onClick={() => setShowLog(!showLog)}>
        {t('bank.log')}
      </Button>
      {showLog && (
        <PlainTable<BankCardView>
          aria-label={t('bank.log')}
          size="small"
          rowKey="id"
          loading={log.isLoading}
          dataSource={log.data?.list ?? []}
          pagination={false}
          columns={[
            { title: t('bank.bankNum'), dataIndex: 'bank_num_mask' },
            { title: t('bank.bankName'), dataIndex: 'bank_name' },
            {
              title: t('my.status'),
              dataIndex: 'status',
              render: (s: BankCardView['status']) => t(`bank.statuses.${s}`),
            },
            { title: t('bank.changeReason'), dataIndex: 'reason' },
            { title: t('bank.reviewReason'), dataIndex: 'review_reason' },
            { title: t('bank.submittedAt'), dataIndex: 'created_at', render: (ms: number) => formatBeijing(ms) },
          ]}
        />
      )}
      <Modal
        open={changing}
        title={t('bank.changeTitle')}
        onCancel={() => setChanging(false)}
        onOk={() => changeForm.submit()}
        okText={t('bank.changeSave')}
        destroyOnHidden
      >
        <Form form={changeForm} layout="vertical" onFinish={saveChange} preserve={false}>
          {cardFields}
          <Form.Item
            name="reason"
            label={t('bank.changeReason')}
            rules={[{ required: true, message: t('common.required', { field: t('bank.changeReason') }) }]}
          >
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

export function AddressPane() {
  const { t } = useTranslation(CONTRACTS_NS);
  const addresses = useAddresses();
  const provinces = useProvinces();
  const invalidate = useInvalidateContracts();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  if (!addresses.data) return <Loading error={addresses.error} retry={() => void addresses.refetch()} />;

  const open = (a: Address | 'new') => {
    setEditing(a);
    form.setFieldsValue(
      a === 'new'
        ? { name: '', phone: '', place: [], address: '', is_default: false }
        : { name: a.name, phone: a.phone, place: [a.province, a.city], address: a.address, is_default: a.is_default },
    );
  };
  const save = async (values: {
    name: string;
    phone: string;
    place?: string[];
    address: string;
    is_default?: boolean;
  }) => {
    const body = {
      ...(editing && editing !== 'new' ? { id: editing.id } : {}),
      name: values.name,
      phone: values.phone,
      province: values.place?.[0] ?? '',
      city: values.place?.[1] ?? '',
      address: values.address,
      is_default: values.is_default ?? false,
    };
    if (await submitForm(form, () => apiPost(PATHS.saveAddress, body, { silent: true }))) {
      setEditing(null);
      void invalidate();
    }
  };
  const remove = async (id: number) => {
    if (await submitForm(null, () => apiPost(PATHS.deleteAddress, { id }, { silent: true }))) void invalidate();
  };
  const makeDefault = async (a: Address) => {
    const body = {
      id: a.id,
      name: a.name,
      phone: a.phone,
      province: a.province,
      city: a.city,
      address: a.address,
      is_default: true,
    };
    if (await submitForm(null, () => apiPost(PATHS.saveAddress, body, { silent: true }))) void invalidate();
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
      <Button type="primary" onClick={() => open('new')}>
        {t('address.add')}
      </Button>
      <List
        bordered
        dataSource={addresses.data.list}
        locale={{ emptyText: t('address.empty') }}
        renderItem={(a) => (
          <List.Item
            data-testid="address-item"
            actions={[
              !a.is_default && (
                <Button key="default" type="link" onClick={() => void makeDefault(a)}>
                  {t('address.makeDefault')}
                </Button>
              ),
              <Button key="edit" type="link" onClick={() => open(a)}>
                {t('address.edit')}
              </Button>,
              <Popconfirm key="remove" title={t('address.removeTitle')} onConfirm={() => remove(a.id)}>
                <Button type="link" danger>
                  {t('address.remove')}
                </Button>
              </Popconfirm>,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={
                <Space>
                  {a.name} {a.phone_mask}
                  {a.is_default && <Tag color="orange">{t('address.default')}</Tag>}
                </Space>
              }
              description={`${a.province_name} ${a.city_name} ${a.address}`}
            />
          </List.Item>
        )}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('address.add') : t('address.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={save} data-testid="address-form">
          <Form.Item
            name="name"
            label={t('address.name')}
            rules={[{ required: true, message: t('common.required', { field: t('address.name') }) }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('address.phone')}
            rules={[
              { validator: async (_, v) => (v && isMobile(v) ? undefined : Promise.reject(new Error(msg('phone')))) },
            ]}
          >
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item
            name="place"
            label={t('address.place')}
            rules={[{ required: true, message: t('personal.placePlaceholder') }]}
          >
            <Cascader
              options={placeOptions(provinces.data?.provinces)}
              placeholder={t('personal.placePlaceholder')}
              showSearch
            />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('address.detail')}
            rules={[{ required: true, message: t('common.required', { field: t('address.detail') }) }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="is_default" label={t('address.makeDefault')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
