import { ErrorCode } from '@author-centre/shared/errors';
import type { PenNameTaskStatus } from '@author-centre/shared/pen-name-api';
import { duplicatePhoneIndexes, isRealName, SMS_CODE_TYPE } from '@author-centre/shared/validation-rules';
import { Button, Form, Input, Modal, Result, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyCodeButton } from '../../components/VerifyCodeButton.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { apiPost } from '../../platform/api.ts';
import { ApiError } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import { queryClient } from '../../platform/query-client.ts';
import { AUTH_PATHS } from './auth-api.ts';
import { realNameRules } from './form-rules.ts';
import { AUTH_NS } from './i18n.ts';
import { type RowErrors, type RowInput, rowErrors } from './pen-name-rows.ts';
import './auth.css';

// The confirmation's tables (components/plain/Table.tsx) download at that step only: the dialog opens as a pop on
// every page while pen names still share a phone (issue 19).
import { penNameStatus } from './pen-name-status.ts';

const PenNameBindTables = lazy(() => import('./PenNameBindTables.tsx'));

interface ErrorPhone {
  phone: string;
  account_id: number;
  type: number;
  message: string;
}
export interface FreeRow {
  pen_name: string;
  phone: string;
  coin: number;
  vip: number;
  comment: string;
  is_author: number;
  account_id: number;
  merge_cell_text: string;
}
export interface ZhRow {
  pen_name: string;
  phone: string;
  zh_unit: number;
  read_unit: number;
  comment: string;
}
export type TaskInfo = { error_phone: ErrorPhone[]; task_id?: number; free?: FreeRow[]; zh?: ZhRow[] };

type Step = 'loading' | 'error' | 'form' | 'confirm' | 'end';
/**
 * Pen-name phone binding ('account-split', §3, §4 "Bind-phone flow", §5): task status first; an
 * existing task shows its text; otherwise a row per pen name, the main one first and read-only,
 * the others each with a new phone and its code (type '10'); per-phone errors from the server;
 * a confirmation of what each phone brings; the end dialog with the task text.
 */
export function PenNameBindDialog({
  open,
  onClose,
  testId = 'pen-name-bind-dialog',
}: {
  open: boolean;
  onClose: () => void;
  /** The pop-up queue tags it as 'account-split-pop'. */
  testId?: string;
}) {
  const { t } = useTranslation(AUTH_NS);
  const [step, setStep] = useState<Step>('loading');
  const [status, setStatus] = useState<PenNameTaskStatus | null>(null);
  const [rows, setRows] = useState<Record<number, RowInput>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<number, RowErrors>>({});
  const [info, setInfo] = useState<TaskInfo | null>(null);
  const [endText, setEndText] = useState('');
  const [busy, setBusy] = useState(false);
  const [nameForm] = Form.useForm<{ real_name: string }>();
  const realName = Form.useWatch('real_name', nameForm) ?? '';

  const load = useCallback(async () => {
    setStep('loading');
    try {
      const data = await penNameStatus();
      setStatus(data);
      if (data.task.has_task === 1) {
        setEndText(data.task.text);
        setStep('end');
      } else setStep('form');
    } catch {
      setStep('error');
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    setRows({});
    setTouched({});
    setServerErrors({});
    setInfo(null);
    void load();
  }, [open, load]);

  const editable = useMemo(() => status?.accounts.slice(1) ?? [], [status]);
  const inputs = editable.map((a) => rows[a.account_id] ?? { phone: '', code: '' });
  const duplicates = new Set(duplicatePhoneIndexes(inputs.map((r) => r.phone)));
  const errors = inputs.map((r, i) => rowErrors(r, duplicates.has(i), currentLocale()));
  const allValid = editable.length > 0 && errors.every((e) => !e.phone && !e.code) && isRealName(realName.trim());

  const update = (accountId: number, field: keyof RowInput, value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, field === 'phone' ? 11 : 4);
    setRows((old) => ({ ...old, [accountId]: { ...(old[accountId] ?? { phone: '', code: '' }), [field]: digits } }));
    setTouched((old) => ({ ...old, [`${accountId}:${field}`]: true }));
    setServerErrors((old) => ({ ...old, [accountId]: { ...old[accountId], [field]: undefined } }));
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === ErrorCode.penNameFunctionError)
      toast.error(t('bind.functionError'));
    else if (error instanceof ApiError && error.field === 'real_name') {
      nameForm.setFields([{ name: 'real_name', errors: [error.title] }]);
    } else toast.error(error instanceof ApiError && error.title ? error.title : t('bind.functionError'));
  };

  const submit = async () => {
    if (!allValid || busy) return;
    setBusy(true);
    try {
      const accounts = editable.map((a, i) => ({
        account_id: a.account_id,
        phone: inputs[i].phone,
        code: inputs[i].code,
      }));
      const data = await apiPost<TaskInfo>(
        AUTH_PATHS.penNameInfo,
        { accounts: JSON.stringify(accounts), real_name: realName.trim() },
        { silent: true },
      );
      if (data.error_phone.length > 0) {
        const next: Record<number, RowErrors> = {};
        for (const e of data.error_phone) {
          next[e.account_id] = { ...next[e.account_id], [e.type === 1 ? 'code' : 'phone']: e.message };
        }
        setServerErrors(next);
        return;
      }
      setInfo(data);
      setStep('confirm');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!info?.task_id || busy) return;
    setBusy(true);
    try {
      const data = await apiPost<{ task: { has_task: number; text: string } }>(
        AUTH_PATHS.penNameSubmit,
        { task_id: info.task_id },
        { silent: true },
      );
      setEndText(data.task.text);
      setStep('end');
      void queryClient.invalidateQueries({ queryKey: ['home-model-list'] });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const main = status?.accounts[0];
  const shown = (accountId: number, field: keyof RowInput, i: number) =>
    serverErrors[accountId]?.[field] ?? (touched[`${accountId}:${field}`] ? errors[i][field] : undefined);

  let body: ReactNode;
  if (step === 'loading')
    body = (
      <Spin tip={t('bind.loading')}>
        <div style={{ height: 120 }} />
      </Spin>
    );
  else if (step === 'error')
    body = (
      <Result
        status="warning"
        title={t('bind.loadFailed')}
        extra={<Button onClick={() => void load()}>{t('bind.retry')}</Button>}
      />
    );
  else if (step === 'end')
    body = (
      <>
        <p className="ac-bind-end" data-testid="pen-name-bind-end">
          {endText}
        </p>
        <div style={{ textAlign: 'right' }}>
          <Button type="primary" autoFocus onClick={onClose}>
            {t('bind.gotIt')}
          </Button>
        </div>
      </>
    );
  else if (step === 'confirm' && info)
    body = (
      <>
        <p>{t('bind.confirmLead')}</p>
        <Suspense
          fallback={
            <Spin>
              <div style={{ height: 120 }} />
            </Spin>
          }
        >
          <PenNameBindTables info={info} />
        </Suspense>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
          <Button onClick={() => setStep('form')}>{t('bind.back')}</Button>
          <Button type="primary" loading={busy} onClick={() => void confirm()} data-testid="pen-name-bind-confirm">
            {t('bind.confirm')}
          </Button>
        </div>
      </>
    );
  else
    body =
      editable.length === 0 ? (
        <Result
          status="success"
          title={t('bind.nothing')}
          extra={<Button onClick={onClose}>{t('bind.gotIt')}</Button>}
        />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="pen-name-bind-form"
        >
          <p>{t('bind.lead')}</p>
          <table className="ac-bind-table">
            <thead>
              <tr>
                <th>{t('bind.penName')}</th>
                <th>{t('bind.phone')}</th>
                <th>{t('bind.code')}</th>
              </tr>
            </thead>
            <tbody>
              {main && (
                <tr>
                  <td>
                    {main.pen_name} <small>({t('bind.main')})</small>
                  </td>
                  <td>
                    <Input value={main.phone} disabled aria-label={`${main.pen_name} ${t('bind.phone')}`} />
                  </td>
                  <td className="ac-help__muted">{t('bind.mainNote')}</td>
                </tr>
              )}
              {editable.map((a, i) => {
                const phoneError = shown(a.account_id, 'phone', i);
                const codeError = shown(a.account_id, 'code', i);
                return (
                  <tr key={a.account_id}>
                    <td>{a.pen_name}</td>
                    <td>
                      <Form.Item validateStatus={phoneError ? 'error' : undefined} help={phoneError}>
                        <Input
                          value={inputs[i].phone}
                          inputMode="numeric"
                          maxLength={11}
                          placeholder={t('field.phonePlaceholder')}
                          aria-label={`${a.pen_name} ${t('bind.phone')}`}
                          onChange={(e) => update(a.account_id, 'phone', e.target.value)}
                        />
                      </Form.Item>
                    </td>
                    <td>
                      <Form.Item validateStatus={codeError ? 'error' : undefined} help={codeError}>
                        <div className="ac-bind-row__code">
                          <Input
                            value={inputs[i].code}
                            inputMode="numeric"
                            maxLength={4}
                            placeholder={t('field.codePlaceholder')}
                            aria-label={`${a.pen_name} ${t('bind.code')}`}
                            onChange={(e) => update(a.account_id, 'code', e.target.value)}
                          />
                          <VerifyCodeButton
                            phone={inputs[i].phone}
                            type={SMS_CODE_TYPE.penNameBind}
                            disabled={Boolean(errors[i].phone)}
                            onClick={() => setTouched((old) => ({ ...old, [`${a.account_id}:phone`]: true }))}
                            onError={(e) =>
                              setServerErrors((old) => ({
                                ...old,
                                [a.account_id]: { ...old[a.account_id], phone: e.title },
                              }))
                            }
                          />
                        </div>
                      </Form.Item>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Form form={nameForm} layout="vertical" component={false}>
            <Form.Item name="real_name" label={t('field.realName')} rules={realNameRules()} style={{ marginTop: 16 }}>
              <Input autoComplete="name" placeholder={t('field.realNamePlaceholder')} maxLength={30} />
            </Form.Item>
          </Form>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <Button onClick={onClose}>{t('bind.cancel')}</Button>
            <Button type="primary" htmlType="submit" disabled={!allValid} loading={busy}>
              {t('bind.submit')}
            </Button>
          </div>
        </form>
      );

  return (
    <Modal
      open={open}
      title={step === 'end' ? t('bind.endTitle') : step === 'confirm' ? t('bind.confirmTitle') : t('bind.title')}
      onCancel={onClose}
      footer={null}
      width={step === 'confirm' ? 760 : 680}
      destroyOnHidden
      centered
      maskClosable={false}
    >
      <div data-testid={testId}>{body}</div>
    </Modal>
  );
}
