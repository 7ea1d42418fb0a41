import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WORKS_NS } from '../i18n.ts';
import { LoadFailed } from '../LoadFailed.tsx';

/** Why the editor could not open its chapter (a key of the works texts, said in the current language). */
export type LoadFailure = 'editor.loadFailed' | 'editor.notFound' | 'common.unknownBook';

/**
 * The editor's page when its chapter could not be opened: a dropped connection offers 重试 (and says
 * nothing is lost); a refusal (not found, not yours) only leads back to the list.
 */
export function EditorLoadFailed(props: {
  reason: LoadFailure;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation(WORKS_NS);
  const back = (
    <Link key="back" to={props.backTo}>
      <Button>{props.backLabel}</Button>
    </Link>
  );
  if (props.reason === 'editor.loadFailed') {
    return <LoadFailed title={t(props.reason)} hint={t('editor.loadFailedHint')} onRetry={props.onRetry} back={back} />;
  }
  return <Result status="warning" title={t(props.reason)} extra={back} />;
}
