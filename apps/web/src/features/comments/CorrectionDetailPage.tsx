import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../platform/notify.ts';
import { type AcceptResult, type CorrectionItem, correctionsApi } from './api.ts';
import { COMMENTS_NS } from './i18n.ts';
import './i18n.ts';

/** /front/reader-error-correction/detail?chapter_id: the chapter's text with its corrections in place. */
export default function CorrectionDetailPage() {
  const { t } = useTranslation(COMMENTS_NS);
  const [params] = useSearchParams();
  const chapterId = Number(params.get('chapter_id'));
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['correction-detail', chapterId],
    queryFn: () => correctionsApi.detail(chapterId),
    enabled: chapterId > 0,
  });
  const [editing, setEditing] = useState<CorrectionItem | null>(null);
  const [text, setText] = useState('');
  /** What the last accepted correction did (published, blocked by the checks, only saved). */
  const [outcome, setOutcome] = useState<AcceptResult | null>(null);
  const refresh = () => {
    qc.invalidateQueries({ queryKey: ['correction-detail', chapterId] });
    qc.invalidateQueries({ queryKey: ['corrections'] });
  };
  const accepted = (r: AcceptResult) => {
    setOutcome(r);
    if (r.outcome === 'published') toast.success(t('corrections.accepted'));
    else toast.info(t('corrections.acceptedNotPublished'));
  };
  const decide = async (c: CorrectionItem, status: 'accept' | 'reject') => {
    const r = await correctionsApi.setStatus([c.correction_id], status);
    const item = r.results[0];
    if (!item.ok) toast.error(item.message ?? '');
    else if (status === 'accept') accepted(item as AcceptResult);
    else toast.success(t('done'));
    refresh();
  };
  if (q.isLoading) return <Spin />;
  if (q.isError || !q.data)
    return (
      <Alert
        type="error"
        message={t('loadFailed')}
        action={<Button onClick={() => q.refetch()}>{t('retry')}</Button>}
      />
    );
  const d = q.data;
  // What accepting will do to the chapter, said before it is done.
  const publishNote =
    d.status === 'published'
      ? t('corrections.republish')
      : d.status === 'revised'
        ? t('corrections.revisedNoPublish')
        : '';
  const byParagraph = new Map<number, CorrectionItem[]>();
  for (const c of d.list) byParagraph.set(c.paragraph_index, [...(byParagraph.get(c.paragraph_index) ?? []), c]);
  return (
    <div className="ac-correction-detail">
      <Space wrap style={{ marginBottom: 12 }}>
        <Link to="/front/reader-error-correction">{t('corrections.back')}</Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {d.book_title} · {d.title}
        </Typography.Title>
        <Link to={`/front/book-upload?book_id=${d.book_id}&chapter_id=${d.chapter_id}`}>
          {t('corrections.history')}
        </Link>
      </Space>
      {outcome && (
        <Alert
          data-testid="accept-outcome"
          style={{ marginBottom: 12 }}
          showIcon
          closable
          onClose={() => setOutcome(null)}
          type={outcome.outcome === 'published' ? 'success' : 'warning'}
          message={t(`corrections.outcomes.${outcome.outcome}`, {
            context: outcome.outcome === 'saved' && outcome.chapter_status === 'draft' ? 'draft' : undefined,
          })}
          description={
            outcome.findings.length ? (
              <ul className="ac-correction-findings">
                {outcome.findings.map((f, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: findings are shown once, in order.
                  <li key={i}>{f.message}</li>
                ))}
              </ul>
            ) : undefined
          }
          action={
            outcome.outcome === 'published' ? undefined : (
              <Link to={`/front/book-upload?book_id=${d.book_id}&chapter_id=${d.chapter_id}`}>
                {t('corrections.openEditor')}
              </Link>
            )
          }
        />
      )}
      {d.paragraphs.map((p, i) => {
        const here = byParagraph.get(i);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are positions of the text.
          <div key={i} className={here ? 'ac-correction-paragraph has-corrections' : 'ac-correction-paragraph'}>
            <p>{p}</p>
            {here?.map((c) => (
              <div key={c.correction_id} className="ac-correction-item" data-testid="correction-item">
                <Space wrap>
                  <Typography.Text delete>{c.original}</Typography.Text>→
                  <Typography.Text mark>{c.suggestion}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('corrections.reader')}：{c.reader_name}
                  </Typography.Text>
                  {c.status !== 'pending' ? (
                    <Tag>{t(`corrections.status.${c.status}`)}</Tag>
                  ) : c.stale ? (
                    <>
                      <Tag color="orange">{t('corrections.stale')}</Tag>
                      {/* A stale one cannot be applied; rejecting it takes it off the counts. */}
                      <Popconfirm
                        title={t('corrections.rejectStaleConfirm')}
                        okText={t('ok')}
                        cancelText={t('cancel')}
                        onConfirm={() => decide(c, 'reject')}
                      >
                        <Button size="small">{t('corrections.reject')}</Button>
                      </Popconfirm>
                    </>
                  ) : (
                    <>
                      <Popconfirm
                        title={t('corrections.acceptConfirm', {
                          original: c.original,
                          suggestion: c.suggestion,
                          publish: publishNote,
                        })}
                        okText={t('ok')}
                        cancelText={t('cancel')}
                        onConfirm={() => decide(c, 'accept')}
                      >
                        <Button size="small" type="primary">
                          {t('corrections.accept')}
                        </Button>
                      </Popconfirm>
                      <Button
                        size="small"
                        onClick={() => {
                          setEditing(c);
                          setText(c.suggestion);
                        }}
                      >
                        {t('corrections.edit')}
                      </Button>
                      <Popconfirm
                        title={t('corrections.rejectConfirm')}
                        okText={t('ok')}
                        cancelText={t('cancel')}
                        onConfirm={() => decide(c, 'reject')}
                      >
                        <Button size="small">{t('corrections.reject')}</Button>
                      </Popconfirm>
                    </>
                  )}
                </Space>
              </div>
            ))}
          </div>
        );
      })}
      <Modal
        open={editing !== null}
        title={t('corrections.editTitle')}
        okText={t('corrections.accept')}
        cancelText={t('cancel')}
        onCancel={() => setEditing(null)}
        onOk={() =>
          correctionsApi.acceptEdited(editing?.correction_id as number, text).then(
            (r) => {
              accepted(r);
              setEditing(null);
              refresh();
            },
            () => {},
          )
        }
      >
        <Input
          aria-label={t('corrections.editPlaceholder', { original: editing?.original ?? '' })}
          placeholder={t('corrections.editPlaceholder', { original: editing?.original ?? '' })}
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
        />
      </Modal>
    </div>
  );
}
