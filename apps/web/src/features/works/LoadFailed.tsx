import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api-error.ts';
import { WORKS_NS } from './i18n.ts';

/**
 * Whether a failed load means the thing is not there (the server answered so: another pen name's
 * book, a deleted one, a bad id) rather than that the server could not be reached. Only then may a
 * page say "does not exist": a writer told that about a book during a network hiccup fears it lost.
 */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && error.kind === 'business';
}

/**
 * A load that failed for want of the server (network, timeout, 5xx): said as such, with a retry,
 * never as an empty list or a missing book. `title` and `hint` say what failed where the general
 * words would not (the editor: nothing typed is lost); `back` is a way out beside the retry.
 */
export function LoadFailed(props: {
  onRetry: () => unknown;
  compact?: boolean;
  title?: string;
  hint?: string;
  back?: ReactNode;
}) {
  const { t } = useTranslation(WORKS_NS);
  return (
    <Result
      status="warning"
      className={props.compact ? 'ac-works-load-failed is-compact' : 'ac-works-load-failed'}
      data-testid="works-load-failed"
      title={props.title ?? t('common.loadFailed')}
      subTitle={props.hint ?? t('common.loadFailedHint')}
      extra={[
        <Button key="retry" type="primary" onClick={() => void props.onRetry()}>
          {t('common.retry')}
        </Button>,
        props.back,
      ]}
    />
  );
}
