import type { SignStep } from '@author-centre/shared/contracts';
import { formatCount } from '@author-centre/shared/format';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Space,
  Spin,
  Steps,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazySelect } from '../../components/LazySelect.tsx';
import { apiPost, apiUpload } from '../../platform/api.ts';
import { toast } from '../../platform/notify.ts';
import { ApplicationsCard } from './ApplicationsCard.tsx';
import {
  type Contract,
  PATHS,
  type SignState,
  useAddresses,
  useBankCard,
  useIdentity,
  useInvalidateContracts,
  useSignState,
} from './contracts-api.ts';
import { submitForm } from './form-submit.ts';
import { CONTRACTS_NS } from './i18n.ts';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad.tsx';

const PERSONAL = '/front/personal-information';

/**
 * The online signing of one book (OnlineSignPage with ?book_id=): the steps, each saved on the server, the drawn
 * signature, the brand's success text and the book's applications. A module of its own, downloaded only when a book
 * is chosen (issue 19): the page without a book shows only the list of books.
 */
export default function SignFlow({ bookId }: { bookId: number }) {
  const state = useSignState(bookId);
  const contract = state.data?.contract;
  return (
    <>
      <SignFlowMain bookId={bookId} />
      {state.data && (
        <ApplicationsCard
          bookId={bookId}
          signed={contract?.status === 'signed' || contract?.status === 'paper_sent'}
          canApply={state.data.condition.words_ok}
        />
      )}
    </>
  );
}

function SignFlowMain({ bookId }: { bookId: number }) {
  const { t } = useTranslation(CONTRACTS_NS);
  const state = useSignState(bookId);
  const invalidate = useInvalidateContracts();
  const [successText, setSuccessText] = useState('');
  if (state.isError && !state.data) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void state.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!state.data) return <Spin />;
  const { condition, contract } = state.data;

  const apply = async () => {
    if (await submitForm(null, () => apiPost(PATHS.apply, { book_id: bookId }, { silent: true }))) void invalidate();
  };
  const reapply = async (c: Contract) => {
    if (await submitForm(null, () => apiPost(PATHS.reapply, { contract_id: c.id }, { silent: true })))
      void invalidate();
  };

  if (successText || contract?.status === 'reviewing') {
    return (
      <Result
        status="success"
        title={t('sign.reviewing')}
        subTitle={<span data-testid="sign-success">{successText || contract?.success_text}</span>}
        extra={<Link to="/front/my-contract">{t('sign.myContract')}</Link>}
      />
    );
  }
  if (contract && (contract.status === 'signed' || contract.status === 'paper_sent')) {
    return (
      <Result
        status="success"
        title={t('sign.signed')}
        subTitle={t('sign.signedHint')}
        extra={<Link to="/front/my-contract">{t('sign.myContract')}</Link>}
      />
    );
  }
  if (contract?.status === 'refused') {
    return (
      <Alert
        type="error"
        showIcon
        message={t('sign.refused')}
        description={
          <span data-testid="refuse-reason">{t('sign.refusedReason', { reason: contract.refuse_reason })}</span>
        }
        action={
          <Button type="primary" onClick={() => void reapply(contract)}>
            {t('sign.reapply')}
          </Button>
        }
      />
    );
  }
  if (contract?.status === 'applying') {
    return (
      <Stepper
        state={state.data}
        contract={contract}
        onSubmitted={(text) => {
          setSuccessText(text);
          void invalidate();
        }}
      />
    );
  }
  return (
    <Card title={condition.book.title}>
      <Typography.Paragraph>{t('sign.condition', { condition: condition.condition_text })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('sign.words', { words: formatCount(condition.book.published_words) })}
      </Typography.Paragraph>
      {condition.can_apply ? (
        <Button type="primary" size="large" onClick={() => void apply()} data-testid="apply-sign">
          {t('sign.apply')}
        </Button>
      ) : (
        <Space direction="vertical">
          <Button type="primary" size="large" disabled>
            {t('sign.apply')}
          </Button>
          {!condition.words_ok && (
            <Typography.Text type="warning" data-testid="words-missing">
              {t('sign.missing', { words: condition.words_missing })}
            </Typography.Text>
          )}
          {condition.need_real_name && !condition.real_name_ok && (
            <Link to={`${PERSONAL}?tab=identity`}>{t('sign.needRealName')}</Link>
          )}
          {condition.need_pay_point && !condition.pay_point_ok && (
            <Typography.Text type="warning">{t('sign.needPayPoint')}</Typography.Text>
          )}
        </Space>
      )}
    </Card>
  );
}

function Stepper({
  state,
  contract,
  onSubmitted,
}: {
  state: SignState;
  contract: Contract;
  onSubmitted: (text: string) => void;
}) {
  const { t } = useTranslation(CONTRACTS_NS);
  const invalidate = useInvalidateContracts();
  const reached = state.steps.indexOf(contract.step);
  const [current, setCurrent] = useState(reached);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  // The hook's dialogs render in this page's AntdScope (locale, theme, two-character buttons);
  // a static Modal.confirm would render outside it.
  const [modal, modalHolder] = Modal.useModal();
  const pad = useRef<SignaturePadHandle>(null);
  const identity = useIdentity();
  const bank = useBankCard();
  const addresses = useAddresses();
  const step = state.steps[current] as SignStep;

  useEffect(() => {
    const supply = contract.steps['author-supply-info'];
    form.setFieldsValue({
      share_permille: contract.share_permille ?? undefined,
      term_months: contract.term_months ?? undefined,
      confirmed: Boolean(contract.steps['confirm-key-info']?.confirmed),
      delivery_address_id:
        (supply?.delivery_address_id as number | undefined) ?? addresses.data?.list.find((a) => a.is_default)?.id,
      intro: (supply?.intro as string | undefined) ?? '',
    });
  }, [contract, form, addresses.data]);

  const saveStep = async () => {
    let values: Record<string, unknown> = {};
    if (step === 'confirm-key-info' || step === 'author-supply-info') {
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
    }
    setBusy(true);
    const ok = await submitForm(form, () =>
      apiPost(`/api/online-sign/${step}`, { contract_id: contract.id, ...values }, { silent: true }),
    );
    setBusy(false);
    if (ok) {
      setCurrent(current + 1);
      void invalidate();
    }
  };
  const submit = async () => {
    const blob = await pad.current?.toBlob();
    if (!blob) {
      toast.error(t('sign.emptySignature'));
      return;
    }
    modal.confirm({
      title: t('sign.submit'),
      content: t('sign.submitConfirm'),
      onOk: async () => {
        let text = '';
        const ok = await submitForm(null, async () => {
          const res = await apiUpload<Contract>(PATHS.preConfirm, blob, { contract_id: contract.id }, { silent: true });
          text = res.success_text;
        });
        if (ok) onSubmitted(text);
      },
    });
  };

  return (
    <Card>
      {modalHolder}
      <Steps
        current={current}
        items={state.steps.map((s, i) => ({ title: t(`sign.steps.${s}`), disabled: i > reached }))}
        onChange={(i) => i <= reached && setCurrent(i)}
        style={{ marginBottom: 24 }}
      />
      <Form form={form} layout="vertical" data-testid="sign-form">
        {step === 'author-id-info' && (
          <>
            <Typography.Paragraph>{t('sign.idInfoHint')}</Typography.Paragraph>
            {identity.data?.verified ? (
              <Descriptions column={1} bordered size="small">
                <Descriptions.Item label={t('identity.realName')}>{identity.data.real_name_mask}</Descriptions.Item>
                <Descriptions.Item label={t(`identity.types.${identity.data.id_type}`)}>
                  {identity.data.id_number_mask}
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Link to={`${PERSONAL}?tab=identity`}>{t('sign.needRealName')}</Link>
            )}
          </>
        )}
        {step === 'author-bank-info' && (
          <>
            <Typography.Paragraph>{t('sign.bankInfoHint')}</Typography.Paragraph>
            {bank.data?.card ? (
              <Descriptions column={1} bordered size="small">
                <Descriptions.Item label={t('bank.bankNum')}>{bank.data.card.bank_num_mask}</Descriptions.Item>
                <Descriptions.Item label={t('bank.bankName')}>
                  {bank.data.card.bank_name} {bank.data.card.bank_branch}
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Link to={`${PERSONAL}?tab=bank`}>{t('sign.goPersonal')}</Link>
            )}
          </>
        )}
        {step === 'confirm-key-info' && (
          <>
            <Form.Item
              name="share_permille"
              label={t('sign.share')}
              rules={[{ required: true, message: t('sign.share') }]}
            >
              <Radio.Group
                options={state.options.share_permille.map((v) => ({
                  value: v,
                  label: t('sign.sharePct', { pct: v / 10 }),
                }))}
              />
            </Form.Item>
            <Form.Item name="term_months" label={t('sign.term')} rules={[{ required: true, message: t('sign.term') }]}>
              <Radio.Group
                options={state.options.term_months.map((v) => ({
                  value: v,
                  label: t('sign.termMonths', { months: v }),
                }))}
              />
            </Form.Item>
            <Form.Item label={t('sign.guarantee')}>
              {state.options.guarantee_fen_per_month > 0
                ? t('sign.guaranteeMonth', { yuan: (state.options.guarantee_fen_per_month / 100).toFixed(2) })
                : t('sign.guaranteeNone')}
            </Form.Item>
            <Form.Item
              name="confirmed"
              valuePropName="checked"
              rules={[
                { validator: async (_, v) => (v ? undefined : Promise.reject(new Error(t('sign.confirmTerms')))) },
              ]}
            >
              <Checkbox>{t('sign.confirmTerms')}</Checkbox>
            </Form.Item>
          </>
        )}
        {step === 'author-supply-info' && (
          <>
            <Form.Item
              name="delivery_address_id"
              label={t('sign.deliveryAddress')}
              rules={[{ required: true, message: t('sign.deliveryAddress') }]}
            >
              <LazySelect
                options={(addresses.data?.list ?? []).map((a) => ({
                  value: a.id,
                  label: `${a.name} ${a.phone_mask} ${a.province_name}${a.city_name}${a.address}`,
                }))}
                notFoundContent={<Link to={`${PERSONAL}?tab=address`}>{t('address.add')}</Link>}
              />
            </Form.Item>
            <Form.Item name="intro" label={t('sign.intro')}>
              <Input.TextArea maxLength={500} rows={3} showCount />
            </Form.Item>
          </>
        )}
        {step === 'pre-confirm' && (
          <>
            <Typography.Paragraph>{t('sign.drawHint')}</Typography.Paragraph>
            <SignaturePad ref={pad} />
          </>
        )}
      </Form>
      <Space style={{ marginTop: 24 }}>
        {current > 0 && (
          <Button disabled={busy} onClick={() => setCurrent(current - 1)}>
            {t('sign.prev')}
          </Button>
        )}
        {step === 'pre-confirm' ? (
          <Button type="primary" onClick={() => void submit()} data-testid="sign-submit">
            {t('sign.submit')}
          </Button>
        ) : (
          <Button type="primary" loading={busy} onClick={() => void saveStep()} data-testid="sign-next">
            {t('sign.next')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
