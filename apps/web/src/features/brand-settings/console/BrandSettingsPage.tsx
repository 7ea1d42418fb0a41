import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  BRAND_FIELD_LABELS,
  BRAND_LIMITS,
  type BrandEditField,
  type BrandSettingsEdit,
  brandFieldValue,
  brandIssueText,
  brandMessage,
  brandSettingsChanges,
  ZBrandSettingsEdit,
} from '@author-centre/shared/brand-settings';
import type { BrandSettings } from '@author-centre/shared/brands';
import { pageTitle } from '@author-centre/shared/brands';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard.tsx';
import { ConsolePage, useConsoleLeaveTexts } from '../../../console/ConsolePage.tsx';
import { CONSOLE_QUERY_ROOT, consoleGet, consolePost } from '../../../console/console-api.ts';
import { currentLocale } from '../../../i18n/index.ts';
import { ApiError } from '../../../platform/api-error.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { toast } from '../../../platform/notify.ts';
import './i18n.ts';

const SETTINGS_PATH = '/api/admin/brand/settings';

interface SettingsView {
  client_id: number;
  brief: string;
  revision: number;
  settings: BrandSettingsEdit;
  fixed: Pick<BrandSettings, 'theme' | 'permissions' | 'environment' | 'proxyApi' | 'apiDomain'> & {
    local_host: string;
  };
}

const settingsKey = [CONSOLE_QUERY_ROOT, SETTINGS_PATH];

/** A form rule from the shared schema: the same check, and the same words, as the server's. */
const ruleOf = (schema: ZodType) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(brandIssueText(result.error.issues[0], currentLocale()));
  },
});

const shape = ZBrandSettingsEdit.shape;
const domainShape = shape.domains.shape;
const linkShape = shape.footerLinks.element.shape;

/** 'footerLinks.2.url' → ['footerLinks', 2, 'url'] (the form's name path; typed loosely, it comes from the server). */
const namePath = (path: string | ReadonlyArray<PropertyKey>) =>
  (typeof path === 'string' ? path.split('.') : path.map(String)).map((part) =>
    /^\d+$/.test(part) ? Number(part) : part,
  ) as never;

/** /admin/brand-settings: the brand's settings of §1 and §3, edited as data (admins only). */
export default function BrandSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => consoleGet<SettingsView>(SETTINGS_PATH, undefined, { signal, silent: true }),
  });
  const view = query.data;
  return (
    <ConsolePage title={t('console.brandSettings.title')}>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('console.brandSettings.loadFailed')}
          description={errorMessage(query.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('console.retry')}
            </Button>
          }
        />
      ) : !view ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        // A new revision (saved here, or loaded after someone else saved) starts the form afresh.
        <SettingsForm key={`${view.client_id}:${view.revision}`} view={view} reload={() => void query.refetch()} />
      )}
    </ConsolePage>
  );
}

function SettingsForm({ view, reload }: { view: SettingsView; reload: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BrandSettingsEdit>();
  const { dirty, setDirty, dialog: leaveDialog } = useUnsavedGuard(useConsoleLeaveTexts());
  const [confirm, setConfirm] = useState<{ settings: BrandSettingsEdit; changes: BrandEditField[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  const brand = view.settings.clientName;
  const titleName = Form.useWatch('titleName', form) ?? view.settings.titleName;

  const review = async () => {
    let values: BrandSettingsEdit;
    try {
      values = await form.validateFields();
    } catch (e) {
      const fields = (e as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      if (fields[0]) form.scrollToField(namePath(fields[0].name), { block: 'center' });
      toast.error(t('console.brandSettings.fixFirst', { count: fields.length }));
      return;
    }
    const parsed = ZBrandSettingsEdit.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: namePath(issue.path),
          errors: [brandIssueText(issue, currentLocale())],
        })),
      );
      toast.error(t('console.brandSettings.fixFirst', { count: parsed.error.issues.length }));
      return;
    }
    const changes = brandSettingsChanges(view.settings, parsed.data);
    if (changes.length === 0) {
      toast.info(t('console.brandSettings.nothingChanged'));
      return;
    }
    setFailure(null);
    setConfirm({ settings: parsed.data, changes });
  };

  const save = async () => {
    if (!confirm) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await consolePost<SettingsView>(
        SETTINGS_PATH,
        { revision: view.revision, settings: confirm.settings },
        { silent: true },
      );
      setSaving(false);
      setDirty(false);
      setConfirm(null);
      toast.success(t('console.brandSettings.saved'));
      queryClient.setQueryData(settingsKey, saved);
    } catch (e) {
      setSaving(false);
      if (e instanceof ApiError && e.field) {
        // Said under the field itself, like the form's own checks (a domain another brand has, too).
        setConfirm(null);
        form.setFields([{ name: namePath(e.field), errors: [e.title] }]);
        form.scrollToField(namePath(e.field));
        return;
      }
      setFailure({ text: errorMessage(e), stale: e instanceof ApiError && e.status === 409 && !e.field });
    }
  };

  const label = (field: BrandEditField) => BRAND_FIELD_LABELS[field][currentLocale()];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('console.brandSettings.intro', { brand })}</Typography.Paragraph>
      <Form<BrandSettingsEdit>
        form={form}
        layout="vertical"
        initialValues={view.settings}
        onValuesChange={() => setDirty(brandSettingsChanges(view.settings, form.getFieldsValue(true)).length > 0)}
        scrollToFirstError
        style={{ maxWidth: 880 }}
      >
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card title={t('console.brandSettings.groups.site')}>
            <Form.Item name="clientName" label={label('clientName')} rules={[ruleOf(shape.clientName)]}>
              <Input maxLength={BRAND_LIMITS.name} showCount />
            </Form.Item>
            <Form.Item name="platformName" label={label('platformName')} rules={[ruleOf(shape.platformName)]}>
              <Input maxLength={BRAND_LIMITS.name} showCount />
            </Form.Item>
            <Form.Item
              name="titleName"
              label={label('titleName')}
              rules={[ruleOf(shape.titleName)]}
              extra={t('console.brandSettings.help.titleName', {
                example: pageTitle(t('console.brandSettings.exampleRoute'), titleName),
              })}
            >
              <Input maxLength={BRAND_LIMITS.name} showCount />
            </Form.Item>
            <Form.Item name="keywords" label={label('keywords')} rules={[ruleOf(shape.keywords)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={BRAND_LIMITS.keywords} showCount />
            </Form.Item>
            <Form.Item name="description" label={label('description')} rules={[ruleOf(shape.description)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={BRAND_LIMITS.description} showCount />
            </Form.Item>
            <Form.Item
              name="faviconLink"
              label={label('faviconLink')}
              rules={[ruleOf(shape.faviconLink)]}
              extra={t('console.brandSettings.help.faviconLink')}
            >
              <Input />
            </Form.Item>
          </Card>

          <Card title={t('console.brandSettings.groups.domains')}>
            <Typography.Paragraph type="secondary">{t('console.brandSettings.help.domains')}</Typography.Paragraph>
            {(['pc', 'mobile', 'bbs', 'activity', 'reading'] as const).map((key) => (
              <Form.Item
                key={key}
                name={['domains', key]}
                label={label(`domains.${key}`)}
                rules={[ruleOf(domainShape[key])]}
                extra={key === 'pc' || key === 'mobile' ? t(`console.brandSettings.help.${key}`) : undefined}
              >
                <Input placeholder="author.example.com" />
              </Form.Item>
            ))}
            {(['welfareDoc', 'editorsDoc'] as const).map((key) => (
              <Form.Item
                key={key}
                name={['domains', key]}
                label={label(`domains.${key}`)}
                rules={[ruleOf(domainShape[key])]}
              >
                <Input placeholder="https://" />
              </Form.Item>
            ))}
          </Card>

          <Card title={t('console.brandSettings.groups.signing')}>
            <Form.Item
              name="applySignCondition"
              label={label('applySignCondition')}
              rules={[ruleOf(shape.applySignCondition)]}
              extra={t('console.brandSettings.help.applySignCondition')}
            >
              <Input style={{ maxWidth: 200 }} />
            </Form.Item>
            <Form.Item
              name="shortStorySignCondition"
              label={label('shortStorySignCondition')}
              rules={[ruleOf(shape.shortStorySignCondition)]}
              extra={t('console.brandSettings.help.shortStorySignCondition')}
            >
              <InputNumber style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="editorTitle"
              label={label('editorTitle')}
              rules={[ruleOf(shape.editorTitle)]}
              extra={t('console.brandSettings.help.editorTitle')}
            >
              <Input maxLength={BRAND_LIMITS.editorTitle} showCount style={{ maxWidth: 300 }} />
            </Form.Item>
            <Form.Item
              name="onlineSignSuccessText"
              label={label('onlineSignSuccessText')}
              rules={[ruleOf(shape.onlineSignSuccessText)]}
              extra={t('console.brandSettings.help.onlineSignSuccessText')}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 4 }}
                maxLength={BRAND_LIMITS.onlineSignSuccessText}
                showCount
              />
            </Form.Item>
          </Card>

          <Card title={t('console.brandSettings.groups.authors')}>
            <Form.Item
              name="penNameChangeDays"
              label={label('penNameChangeDays')}
              rules={[ruleOf(shape.penNameChangeDays)]}
              extra={t('console.brandSettings.help.penNameChangeDays')}
            >
              <InputNumber style={{ width: 200 }} />
            </Form.Item>
          </Card>

          <Card title={t('console.brandSettings.groups.welfare')}>
            <Typography.Paragraph type="secondary">{t('console.brandSettings.help.welfare')}</Typography.Paragraph>
            {(
              [
                ['full_attendance', 'min_daily_words'],
                ['update_bonus', 'min_month_words'],
              ] as const
            ).map(([rule, words]) => (
              <Space key={rule} align="start" wrap>
                <Form.Item
                  name={['welfareRules', rule, 'amount_fen']}
                  label={`${label(`welfareRules.${rule}`)} · ${t('console.brandSettings.welfareAmount')}`}
                  rules={[ruleOf(shape.welfareRules.shape[rule].shape.amount_fen)]}
                >
                  <InputNumber style={{ width: 200 }} suffix={t('console.brandSettings.fen')} />
                </Form.Item>
                <Form.Item
                  name={['welfareRules', rule, words]}
                  label={t(`console.brandSettings.${words}`)}
                  rules={[ruleOf((shape.welfareRules.shape[rule].shape as Record<string, ZodType>)[words])]}
                >
                  <InputNumber style={{ width: 200 }} />
                </Form.Item>
              </Space>
            ))}
          </Card>

          <Card title={t('console.brandSettings.groups.popups')}>
            <Form.Item
              name={['appGlobalPop', 'show']}
              label={label('appGlobalPop.show')}
              valuePropName="checked"
              extra={t('console.brandSettings.help.appGlobalPop')}
            >
              <Switch
                checkedChildren={t('console.brandSettings.on')}
                unCheckedChildren={t('console.brandSettings.off')}
              />
            </Form.Item>
            <Form.Item
              name={['captchaConfig', 'is_closed']}
              label={label('captchaConfig.is_closed')}
              valuePropName="checked"
              extra={t('console.brandSettings.help.captcha')}
            >
              <Switch
                checkedChildren={t('console.brandSettings.on')}
                unCheckedChildren={t('console.brandSettings.off')}
              />
            </Form.Item>
          </Card>

          <Card title={t('console.brandSettings.groups.links')}>
            <Typography.Paragraph type="secondary">
              {t('console.brandSettings.help.links', { max: BRAND_LIMITS.links })}
            </Typography.Paragraph>
            {(['footerLinks', 'signingPolicyLinks', 'editorLinks'] as const).map((list) => (
              <LinkList key={list} form={form} name={list} label={label(list)} />
            ))}
          </Card>

          <Card title={t('console.brandSettings.groups.fixed')} size="small">
            <Descriptions size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t('console.brandSettings.fixed.brief')}>{view.brief}</Descriptions.Item>
              <Descriptions.Item label={t('console.brandSettings.fixed.localHost')}>
                {view.fixed.local_host}
              </Descriptions.Item>
              <Descriptions.Item label={t('console.brandSettings.fixed.theme')}>{view.fixed.theme}</Descriptions.Item>
              <Descriptions.Item label={t('console.brandSettings.fixed.permissions')}>
                {view.fixed.permissions.map((p) => (
                  <Tag key={p}>{p}</Tag>
                ))}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Space>

        <div
          className="ac-brand-settings__actions"
          style={{ position: 'sticky', bottom: 0, padding: '12px 0', background: '#fff' }}
        >
          <Space>
            <Button type="primary" onClick={() => void review()}>
              {t('console.brandSettings.save')}
            </Button>
            <Button
              disabled={!dirty}
              onClick={() => {
                form.resetFields();
                setDirty(false);
              }}
            >
              {t('console.brandSettings.reset')}
            </Button>
          </Space>
        </div>
      </Form>

      <Modal
        open={confirm !== null}
        title={t('console.brandSettings.confirmTitle', { brand })}
        okText={t('console.brandSettings.confirmOk')}
        cancelText={t('console.reason.cancel')}
        okButtonProps={{ loading: saving, disabled: failure?.stale }}
        cancelButtonProps={{ disabled: saving }}
        maskClosable={false}
        width={760}
        onOk={() => void save()}
        onCancel={() => !saving && setConfirm(null)}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('console.brandSettings.confirmWarning', { brand })}
        />
        {confirm && (
          <Table
            size="small"
            pagination={false}
            rowKey="field"
            data-testid="brand-changes"
            dataSource={confirm.changes.map((field) => ({
              field,
              before: brandFieldValue(view.settings, field),
              after: brandFieldValue(confirm.settings, field),
            }))}
            columns={[
              { title: t('console.brandSettings.field'), dataIndex: 'field', render: (f: BrandEditField) => label(f) },
              { title: t('console.brandSettings.before'), dataIndex: 'before', render: (v) => <Value value={v} /> },
              { title: t('console.brandSettings.after'), dataIndex: 'after', render: (v) => <Value value={v} /> },
            ]}
          />
        )}
        {failure && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title={failure.text}
            action={
              failure.stale ? (
                <Button
                  size="small"
                  onClick={() => {
                    setDirty(false);
                    setConfirm(null);
                    reload();
                  }}
                >
                  {t('console.brandSettings.reload')}
                </Button>
              ) : undefined
            }
          />
        )}
      </Modal>

      {leaveDialog}
    </>
  );
}

/** One value in the change list: on/off, a list of links, or the text. */
function Value({ value }: { value: unknown }): ReactNode {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return value ? t('console.brandSettings.on') : t('console.brandSettings.off');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('console.brandSettings.noLinks');
    return (
      <ol style={{ margin: 0, paddingLeft: 18 }}>
        {(value as { label: string; url: string }[]).map((link, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list shown once.
          <li key={i}>
            {link.label} <Typography.Text type="secondary">{link.url}</Typography.Text>
          </li>
        ))}
      </ol>
    );
  }
  if (value !== null && typeof value === 'object' && 'amount_fen' in value) {
    const rule = value as { amount_fen: number; min_daily_words?: number; min_month_words?: number };
    return t('console.brandSettings.welfareRule', {
      yuan: rule.amount_fen / 100,
      words: rule.min_daily_words ?? rule.min_month_words,
      per: t(
        rule.min_daily_words !== undefined
          ? 'console.brandSettings.min_daily_words'
          : 'console.brandSettings.min_month_words',
      ),
    });
  }
  if (value === '' || value === null || value === undefined) return t('console.brandSettings.empty');
  return <span style={{ wordBreak: 'break-all' }}>{String(value)}</span>;
}

function LinkList({
  form,
  name,
  label,
}: {
  form: FormInstance<BrandSettingsEdit>;
  name: 'footerLinks' | 'signingPolicyLinks' | 'editorLinks';
  label: string;
}) {
  const { t } = useTranslation();
  const count = Form.useWatch(name, form)?.length ?? 0;
  return (
    <Form.Item label={label} required={false}>
      <Form.List
        name={name}
        rules={[
          {
            validator: async (_rule, value: unknown[] | undefined) => {
              if ((value?.length ?? 0) > BRAND_LIMITS.links) {
                throw new Error(brandMessage('tooManyLinks', currentLocale(), { max: BRAND_LIMITS.links }));
              }
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" style={{ display: 'flex' }} data-testid={`${name}-${index}`}>
                <Form.Item name={[field.name, 'label']} rules={[ruleOf(linkShape.label)]} style={{ marginBottom: 8 }}>
                  <Input
                    aria-label={`${label} ${index + 1} ${t('console.brandSettings.linkLabel')}`}
                    placeholder={t('console.brandSettings.linkLabel')}
                    maxLength={BRAND_LIMITS.linkLabel}
                    style={{ width: 180 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'url']} rules={[ruleOf(linkShape.url)]} style={{ marginBottom: 8 }}>
                  <Input
                    aria-label={`${label} ${index + 1} ${t('console.brandSettings.linkUrl')}`}
                    placeholder={t('console.brandSettings.linkUrl')}
                    style={{ width: 420 }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('console.brandSettings.removeLink')}
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={count >= BRAND_LIMITS.links}
              onClick={() => add({ label: '', url: '' })}
            >
              {t('console.brandSettings.addLink')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
