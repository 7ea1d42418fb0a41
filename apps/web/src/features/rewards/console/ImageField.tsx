import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageWithFallback } from '../../../components/ImageWithFallback.tsx';
import { consoleUpload } from '../../../console/console-api.ts';
import { errorMessage } from '../../../platform/api-reactions.ts';
import { IMAGES_PATH } from './rewards-api.ts';
import './i18n.ts';

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * An image address: uploaded here (re-encoded and stored by the server) or typed (an in-site path
 * or https). Form control: value / onChange.
 */
export function ImageField(props: {
  kind: 'badge' | 'level-bg';
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (file: File) => {
    setFailure(null);
    if (!file.type.startsWith('image/')) return setFailure(t('console.rewards.image.notImage'));
    if (file.size > MAX_BYTES) return setFailure(t('console.rewards.image.tooBig'));
    setPending(true);
    try {
      const r = await consoleUpload<{ url: string }>(IMAGES_PATH, file, { kind: props.kind }, { silent: true });
      props.onChange?.(r.url);
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space align="start">
        {props.value && (
          <ImageWithFallback
            src={props.value}
            alt=""
            width={props.kind === 'badge' ? 64 : 96}
            height={64}
            style={{ objectFit: props.kind === 'badge' ? 'contain' : 'cover', border: '1px solid #eee' }}
          />
        )}
        <Button icon={<UploadOutlined />} loading={pending} onClick={() => input.current?.click()}>
          {props.value ? t('console.rewards.image.replace') : t('console.rewards.image.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          style={{ display: 'none' }}
          data-testid={`upload-${props.kind}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Space>
      <Input
        id={props.id}
        value={props.value?.startsWith('data:') ? '' : props.value}
        placeholder={
          props.value?.startsWith('data:') ? t('console.rewards.image.inline') : t('console.rewards.image.address')
        }
        onChange={(e) => props.onChange?.(e.target.value)}
        allowClear
      />
      <Typography.Text type="secondary">
        {props.kind === 'badge' ? t('console.rewards.image.badgeHelp') : t('console.rewards.image.bgHelp')}
      </Typography.Text>
      {failure && (
        <Typography.Text type="danger" role="alert">
          {failure}
        </Typography.Text>
      )}
    </Space>
  );
}
