import { countWords } from '@author-centre/shared/works';
import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORKS_NS } from '../i18n.ts';
import { type ChapterDetail, formatTime } from '../works-api.ts';
import type { Draft } from './journal.ts';

export interface ConflictState {
  mine: Draft;
  server: ChapterDetail;
  /** 'save': a save was refused; 'journal': text kept on this device met a newer server text. */
  origin: 'save' | 'journal';
  /** The server revision the text kept on this device was written on (origin 'journal'). */
  baseRevision?: number;
}

/** Both texts side by side; the author chooses. Nothing is dropped: the server keeps the refused text as a version. */
export function ConflictDialog({
  state,
  onChoose,
}: {
  state: ConflictState | null;
  onChoose: (c: 'mine' | 'server' | 'both') => void;
}) {
  const { t } = useTranslation(WORKS_NS);
  if (!state) return null;
  const journal = state.origin === 'journal';
  return (
    <Modal
      open
      width={1100}
      centered
      closable={false}
      maskClosable={false}
      keyboard={false}
      title={journal ? t('conflict.journalTitle') : t('conflict.title')}
      footer={
        <Space>
          <Button onClick={() => onChoose('both')}>{t('conflict.keepBoth')}</Button>
          <Button onClick={() => onChoose('server')}>{t('conflict.keepServer')}</Button>
          <Button type="primary" onClick={() => onChoose('mine')}>
            {t('conflict.keepMine')}
          </Button>
        </Space>
      }
      className="ac-conflict"
      data-testid="conflict-dialog"
    >
      <p>{journal ? t('conflict.journalDesc') : t('conflict.desc')}</p>
      <div className="ac-conflict__panes">
        <section>
          <h4>
            {t('conflict.mine')} · {t('editor.words', { count: countWords(state.mine.content) })}
          </h4>
          <div className="ac-conflict__title">{state.mine.title}</div>
          <pre className="ac-conflict__text" data-testid="conflict-mine">
            {state.mine.content}
          </pre>
        </section>
        <section>
          <h4>
            {t('conflict.server', { time: formatTime(state.server.saved_at, true) })} ·{' '}
            {t('editor.words', { count: state.server.words })}
          </h4>
          <div className="ac-conflict__title">{state.server.title}</div>
          <pre className="ac-conflict__text" data-testid="conflict-server">
            {state.server.content}
          </pre>
        </section>
      </div>
    </Modal>
  );
}
