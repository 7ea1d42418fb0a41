import { Alert, Button, Card, Descriptions, Input, Space, Timeline, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiGet, apiUpload } from '../../platform/api.ts';
import { formatBeijing } from '../../platform/beijing-time.ts';
import { PATHS, type Verification } from './contracts-api.ts';
import { CONTRACTS_NS } from './i18n.ts';

/**
 * /sign-detail (public; errors are ignored here, §2, so the page says itself what went wrong):
 * a contract by its verification code, its audit trail without personal data, and whether a given
 * PDF is byte for byte the one the platform signed.
 */
export default function SignDetailPage() {
  const { t } = useTranslation(CONTRACTS_NS);
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [result, setResult] = useState<Verification | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const check = async (value: string, file?: File) => {
    if (!value.trim()) return;
    setBusy(true);
    setFailed(false);
    try {
      const data = file
        ? await apiUpload<Verification>(PATHS.verify, file, { code: value.trim() }, { silent: true })
        : await apiGet<Verification>(PATHS.verify, { code: value.trim() }, { silent: true });
      setResult(data);
    } catch {
      setResult(null);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: checks the code of the address once, on arrival.
  useEffect(() => {
    if (params.get('code')) void check(params.get('code') ?? '');
  }, []);

  return (
    <div style={{ maxWidth: 860, margin: '32px auto', padding: 16 }}>
      <Typography.Title level={3}>{t('verify.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('verify.intro')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 480, marginBottom: 16 }}>
        <Input
          value={code}
          placeholder={t('verify.codePlaceholder')}
          aria-label={t('verify.code')}
          maxLength={40}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => {
            setParams({ code }, { replace: true });
            void check(code);
          }}
          data-testid="verify-code"
        />
        <Button
          type="primary"
          loading={busy}
          onClick={() => {
            setParams({ code }, { replace: true });
            void check(code);
          }}
        >
          {t('verify.check')}
        </Button>
      </Space.Compact>
      {failed && <Alert type="error" showIcon message={t('verify.notFound')} data-testid="verify-failed" />}
      {result && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {result.matches !== null && (
            <Alert
              type={result.matches ? 'success' : 'error'}
              showIcon
              message={
                <span data-testid="verify-match">{result.matches ? t('verify.match') : t('verify.mismatch')}</span>
              }
              description={`${t('verify.fileSha')}：${result.file_sha256}`}
            />
          )}
          <Card>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('verify.contractNo')}>{result.contract_no}</Descriptions.Item>
              <Descriptions.Item label={t('verify.book')}>{result.book_title}</Descriptions.Item>
              <Descriptions.Item label={t('verify.status')}>
                <span data-testid="verify-status">{result.status_label}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.signedAt')}>
                {formatBeijing(result.signed_at, true)}
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.sha')}>
                <Typography.Text code copyable>
                  {result.signed_sha256}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.cert')}>{result.certificate?.subject ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('verify.fingerprint')}>
                <Typography.Text code>{result.certificate?.fingerprint ?? '—'}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            <Upload
              accept="application/pdf"
              showUploadList={false}
              beforeUpload={(file) => {
                void check(code, file);
                return false;
              }}
            >
              <Button style={{ marginTop: 16 }} data-testid="verify-file">
                {t('verify.file')}
              </Button>
            </Upload>
          </Card>
          <Card title={t('verify.audit')}>
            <Timeline
              items={result.audit.map((e) => ({
                children: (
                  <div>
                    <div>
                      {formatBeijing(e.at, true)} {e.label} · {e.actor} · {e.ip}
                    </div>
                    {e.before && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('verify.before')} {e.before}
                      </Typography.Text>
                    )}
                    {e.after && (
                      <div>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('verify.after')} {e.after}
                        </Typography.Text>
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          </Card>
        </Space>
      )}
    </div>
  );
}
