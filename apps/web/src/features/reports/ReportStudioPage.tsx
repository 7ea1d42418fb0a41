import { SMS_CODE_TYPE } from '@author-centre/shared/validation-rules';
import type { UploadFile } from 'antd';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Result, Tabs, Tag, Timeline, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyCodeButton } from '../../components/VerifyCodeButton.tsx';
import { ApiError, fieldErrors } from '../../platform/api-error.ts';
import { errorMessage } from '../../platform/api-reactions.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { toast } from '../../platform/notify.ts';
import { REPORTS_NS } from './i18n.ts';
import {
  type CaseSummary,
  casesOf,
  type Evidence,
  followCase,
  type Reason,
  type ReportCase,
  submitReport,
  supplyCase,
  type TargetType,
  uploadEvidence,
  verifyInformer,
} from './reports-api.ts';
import './report-studio.css';

interface Informer {
  token: string;
  phone: string;
}

const STATE_COLOR = { submitted: 'blue', in_review: 'gold', need_more: 'orange', closed: 'default' } as const;
const MAX_FILES = 9;

/** A token the server no longer knows (expired): the informer verifies again. */
const tokenExpired = (e: unknown) => e instanceof ApiError && e.field === 'token';

/** /front/report-studio (ReportStudio, public): verify a phone, file a report with evidence, follow it. */
export default function ReportStudioPage() {
  const { t } = useTranslation(REPORTS_NS);
  const [informer, setInformer] = useState<Informer | null>(null);
  const [tab, setTab] = useState<'file' | 'follow'>('file');
  const [openCase, setOpenCase] = useState<string>('');

  const expired = useCallback(() => {
    setInformer(null);
    toast.error(t('verify.expired'));
  }, [t]);

  return (
    <div className="report-studio">
      <h1>{t('title')}</h1>
      <p className="report-studio-lead">{t('lead')}</p>
      {informer ? (
        <Card>
          <div className="report-studio-verified">
            <span>{t('verify.verified', { phone: informer.phone })}</span>
            <Button type="link" onClick={() => setInformer(null)}>
              {t('verify.change')}
            </Button>
          </div>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as 'file' | 'follow')}
            items={[
              {
                key: 'file',
                label: t('tabs.file'),
                children: (
                  <FileReport
                    informer={informer}
                    onExpired={expired}
                    onFollow={(no) => {
                      setOpenCase(no);
                      setTab('follow');
                    }}
                  />
                ),
              },
              {
                key: 'follow',
                label: t('tabs.follow'),
                children: <FollowReport informer={informer} initial={openCase} onExpired={expired} />,
              },
            ]}
          />
        </Card>
      ) : (
        <VerifyPhone onVerified={setInformer} />
      )}
    </div>
  );
}

function VerifyPhone({ onVerified }: { onVerified: (informer: Informer) => void }) {
  const { t } = useTranslation(REPORTS_NS);
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const phone = Form.useWatch('phone', form) ?? '';
  const [busy, setBusy] = useState(false);
  const submit = async (values: { phone: string; code: string }) => {
    setBusy(true);
    try {
      const res = await verifyInformer(values.phone.trim(), values.code.trim());
      onVerified({ token: res.token, phone: res.phone });
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.length) form.setFields(fields as never);
      else toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('verify.title')} className="report-studio-verify">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="phone"
          label={t('verify.phone')}
          rules={[{ required: true, pattern: /^1\d{10}$/, message: t('verify.phoneRule') }]}
        >
          <Input inputMode="numeric" maxLength={11} placeholder={t('verify.phonePlaceholder')} autoComplete="tel" />
        </Form.Item>
        <Form.Item label={t('verify.code')} required>
          <div className="report-studio-code">
            <Form.Item name="code" noStyle rules={[{ required: true, message: t('verify.codeRule') }]}>
              <Input inputMode="numeric" maxLength={6} placeholder={t('verify.codePlaceholder')} />
            </Form.Item>
            <VerifyCodeButton
              phone={phone}
              type={SMS_CODE_TYPE.reportStudio}
              onClick={() => void form.validateFields(['phone'])}
              onError={(e) => form.setFields(fieldErrors(e, { 40002005: 'phone' }) as never)}
            />
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block>
          {t('verify.submit')}
        </Button>
      </Form>
    </Card>
  );
}

/** Evidence files: each is uploaded as it is chosen; the server's refusal shows on the file. */
function EvidenceUpload(props: {
  token: string;
  files: UploadFile<Evidence>[];
  onChange: (files: UploadFile<Evidence>[]) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <>
      <Upload<Evidence>
        fileList={props.files}
        maxCount={MAX_FILES}
        multiple
        accept=".jpg,.jpeg,.png,.webp,.gif,.pdf,.docx"
        onChange={({ fileList }) => props.onChange(fileList)}
        customRequest={async ({ file, onSuccess, onError }) => {
          try {
            onSuccess?.(await uploadEvidence(props.token, file as File));
          } catch (e) {
            if (tokenExpired(e)) props.onExpired();
            onError?.(new Error(errorMessage(e)));
          }
        }}
      >
        {props.files.length < MAX_FILES && <Button>{t('form.upload')}</Button>}
      </Upload>
      <div className="report-studio-hint">{t('form.evidenceHint')}</div>
    </>
  );
}

const uploadedIds = (files: UploadFile<Evidence>[]) =>
  files.filter((f) => f.status === 'done' && f.response).map((f) => (f.response as Evidence).id);

interface FileValues {
  target_type: TargetType;
  book_id?: number;
  target?: string;
  reason: Reason;
  original_url?: string;
  description: string;
}

function FileReport(props: { informer: Informer; onExpired: () => void; onFollow: (caseNo: string) => void }) {
  const { t } = useTranslation(REPORTS_NS);
  const [form] = Form.useForm<FileValues>();
  const targetType = Form.useWatch('target_type', form) ?? 'book';
  const reason = Form.useWatch('reason', form);
  const [files, setFiles] = useState<UploadFile<Evidence>[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ReportCase | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (done) {
    return (
      <Result
        status="success"
        title={t('form.submitted')}
        subTitle={
          <>
            <div className="report-studio-case-no">{t('form.caseNo', { no: done.case_no })}</div>
            <div>{t('form.keepNo')}</div>
          </>
        }
        extra={[
          <Button key="view" type="primary" onClick={() => props.onFollow(done.case_no)}>
            {t('form.viewCase')}
          </Button>,
          <Button
            key="again"
            onClick={() => {
              form.resetFields();
              setFiles([]);
              setDone(null);
            }}
          >
            {t('form.another')}
          </Button>,
        ]}
      />
    );
  }

  const submit = async (values: FileValues) => {
    setBusy(true);
    setProblem(null);
    try {
      setDone(
        await submitReport({
          ...values,
          token: props.informer.token,
          evidence_ids: uploadedIds(files).join(','),
        }),
      );
    } catch (e) {
      if (tokenExpired(e)) return props.onExpired();
      const fields = fieldErrors(e).filter((f) => f.name !== 'evidence_ids');
      if (fields.length) form.setFields(fields as never);
      else setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => [{ required: true, message: t('form.required', { field }) }];
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ target_type: 'book', reason: 'infringement' }}
    >
      <Form.Item name="target_type" label={t('form.targetType')}>
        <Radio.Group
          optionType="button"
          options={(['book', 'chapter', 'comment', 'site'] as const).map((v) => ({
            value: v,
            label: t(`form.targets.${v}`),
          }))}
        />
      </Form.Item>
      {targetType === 'chapter' ? (
        <Form.Item name="target" label={t('form.chapterId')} rules={required(t('form.chapterId'))}>
          <Input inputMode="numeric" />
        </Form.Item>
      ) : (
        <Form.Item
          name="book_id"
          label={targetType === 'site' ? t('form.bookIdOptional') : t('form.bookId')}
          extra={t('form.bookIdHint')}
          rules={targetType === 'site' ? [] : required(t('form.bookId'))}
        >
          <InputNumber min={1} precision={0} className="report-studio-wide" />
        </Form.Item>
      )}
      {targetType === 'comment' && (
        <Form.Item name="target" label={t('form.comment')} rules={required(t('form.comment'))}>
          <Input maxLength={200} />
        </Form.Item>
      )}
      {targetType === 'site' && (
        <Form.Item name="target" label={t('form.siteUrl')} rules={required(t('form.siteUrl'))}>
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
      )}
      <Form.Item name="reason" label={t('form.reason')}>
        <Radio.Group
          options={(['infringement', 'illegal', 'plagiarism'] as const).map((v) => ({
            value: v,
            label: t(`form.reasons.${v}`),
          }))}
        />
      </Form.Item>
      {reason === 'plagiarism' && (
        <Form.Item
          name="original_url"
          label={t('form.originalUrl')}
          extra={t('form.originalUrlHint')}
          rules={required(t('form.originalUrl'))}
        >
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
      )}
      <Form.Item
        name="description"
        label={t('form.description')}
        rules={[...required(t('form.description')), { min: 10, message: t('form.descriptionPlaceholder') }]}
      >
        <Input.TextArea rows={4} maxLength={2000} showCount placeholder={t('form.descriptionPlaceholder')} />
      </Form.Item>
      <Form.Item label={t('form.evidence')} required>
        <EvidenceUpload token={props.informer.token} files={files} onChange={setFiles} onExpired={props.onExpired} />
      </Form.Item>
      {problem && <Alert type="error" showIcon title={problem} className="report-studio-problem" />}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('form.submit')}
      </Button>
    </Form>
  );
}

function FollowReport(props: { informer: Informer; initial: string; onExpired: () => void }) {
  const { t } = useTranslation(REPORTS_NS);
  const [caseNo, setCaseNo] = useState(props.initial);
  const [shown, setShown] = useState<ReportCase | null>(null);
  const [mine, setMine] = useState<CaseSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { token } = props.informer;
  const { onExpired } = props;

  const look = useCallback(
    async (no: string) => {
      if (!no.trim()) return;
      setBusy(true);
      setProblem(null);
      try {
        setShown(await followCase(token, no.trim()));
      } catch (e) {
        if (tokenExpired(e)) return onExpired();
        setShown(null);
        setProblem(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [token, onExpired],
  );

  useEffect(() => {
    casesOf(token)
      .then((r) => setMine(r.list))
      .catch((e) => (tokenExpired(e) ? onExpired() : setMine([])));
    if (props.initial) void look(props.initial);
  }, [token, props.initial, look, onExpired]);

  return (
    <div className="report-studio-follow">
      <Input.Search
        value={caseNo}
        onChange={(e) => setCaseNo(e.target.value)}
        onSearch={(v) => void look(v)}
        enterButton={t('follow.search')}
        placeholder={t('follow.caseNoPlaceholder')}
        aria-label={t('follow.caseNo')}
        loading={busy}
        maxLength={40}
      />
      {problem && <Alert type="error" showIcon title={problem} className="report-studio-problem" />}
      {shown && <CaseView report={shown} token={token} onChanged={setShown} onExpired={onExpired} />}
      <h3>{t('follow.mine')}</h3>
      {mine && mine.length === 0 && <div className="report-studio-hint">{t('follow.none')}</div>}
      <ul className="report-studio-mine">
        {mine?.map((c) => (
          <li key={c.case_no}>
            <Button
              type="link"
              onClick={() => {
                setCaseNo(c.case_no);
                void look(c.case_no);
              }}
            >
              {c.case_no}
            </Button>
            <span>{c.target_title || t(`form.targets.${c.target_type}`)}</span>
            <Tag color={STATE_COLOR[c.state]}>{t(`states.${c.state}`)}</Tag>
            <span className="report-studio-hint">{formatBeijing(c.created_at)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CaseView(props: {
  report: ReportCase;
  token: string;
  onChanged: (report: ReportCase) => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const r = props.report;
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<UploadFile<Evidence>[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const supply = async () => {
    setBusy(true);
    setProblem(null);
    try {
      props.onChanged(await supplyCase(props.token, r.case_no, note, uploadedIds(files)));
      setNote('');
      setFiles([]);
      toast.success(t('follow.supplied'));
    } catch (e) {
      if (tokenExpired(e)) return props.onExpired();
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="report-studio-case" data-testid="report-case">
      <div className="report-studio-case-head">
        <strong>{r.case_no}</strong>
        <Tag color={STATE_COLOR[r.state]}>{t(`states.${r.state}`)}</Tag>
        {r.decision && <Tag color={r.decision === 'upheld' ? 'green' : 'default'}>{t(`decisions.${r.decision}`)}</Tag>}
      </div>
      <dl className="report-studio-facts">
        <dt>{t('follow.target')}</dt>
        <dd>
          {t(`form.targets.${r.target_type}`)} {r.target_title} {r.target_type === 'site' ? r.target_ref : ''}
        </dd>
        <dt>{t('follow.reason')}</dt>
        <dd>{t(`form.reasons.${r.reason}`)}</dd>
        <dt>{t('follow.description')}</dt>
        <dd>{r.description}</dd>
        <dt>{t('follow.evidence')}</dt>
        <dd>{r.evidence.map((e) => e.name).join('、')}</dd>
      </dl>
      <h4>{t('follow.steps')}</h4>
      <Timeline
        items={r.steps.map((s) => ({
          children: (
            <div>
              <div>
                <strong>{t(`stepKinds.${s.kind}`)}</strong>{' '}
                <span className="report-studio-hint">{formatBeijing(s.created_at)}</span>
              </div>
              {s.note && <div className="report-studio-note">{s.note}</div>}
            </div>
          ),
        }))}
      />
      {r.state === 'need_more' && (
        <div className="report-studio-supply">
          <h4>{t('follow.supplyTitle')}</h4>
          <Input.TextArea
            rows={3}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
            aria-label={t('follow.supplyNote')}
            placeholder={t('follow.supplyNote')}
          />
          <EvidenceUpload token={props.token} files={files} onChange={setFiles} onExpired={props.onExpired} />
          {problem && <Alert type="error" showIcon title={problem} className="report-studio-problem" />}
          <Button type="primary" loading={busy} disabled={!note.trim()} onClick={() => void supply()}>
            {t('follow.supplySubmit')}
          </Button>
        </div>
      )}
    </Card>
  );
}
