import { Form, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORKS_NS } from './i18n.ts';
import type { ChapterItem, Volume } from './works-api.ts';

/** Moving a chapter within its volume or into another (chapter management); downloaded when first opened. */
export function MoveDialog(props: {
  chapter: ChapterItem;
  /** Where the chapter stands now in its volume (1-based): the dialog starts there. */
  position: number;
  volumes: Volume[];
  onClose: () => void;
  onMove: (volumeId: number, position: number) => Promise<unknown>;
}) {
  const { t } = useTranslation(WORKS_NS);
  const [volumeId, setVolumeId] = useState(props.chapter.volume_id);
  const [position, setPosition] = useState<number | null>(props.position);
  const target = props.volumes.find((v) => v.volume_id === volumeId);
  // Into another volume the chapter can also go after its last chapter.
  const last = Math.max(1, (target?.chapters ?? 0) + (volumeId === props.chapter.volume_id ? 0 : 1));
  return (
    <Modal
      open
      title={t('manage.moveTitle', { title: props.chapter.title || t('editor.newChapter') })}
      onCancel={props.onClose}
      // A refusal (a published chapter would change between free and paid) is said in a toast; the dialog stays.
      onOk={() => void props.onMove(volumeId, Math.max(0, Math.min(position ?? 1, last) - 1)).catch(() => undefined)}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('manage.moveTo')}
          // What a move into or out of 作品相关 does to the counts, said before it happens.
          extra={
            target?.is_notice && !props.volumes.find((v) => v.volume_id === props.chapter.volume_id)?.is_notice
              ? t('manage.moveIntoNotice')
              : undefined
          }
        >
          <Select
            value={volumeId}
            onChange={(v) => {
              setVolumeId(v);
              // Into another volume: after its last chapter, unless the author says otherwise.
              const to = props.volumes.find((x) => x.volume_id === v);
              setPosition(v === props.chapter.volume_id ? props.position : (to?.chapters ?? 0) + 1);
            }}
            options={props.volumes.map((v) => ({ value: v.volume_id, label: v.title }))}
          />
        </Form.Item>
        <Form.Item label={t('manage.position')} extra={t('manage.positionRange', { count: last })}>
          <InputNumber min={1} max={last} precision={0} value={position} onChange={setPosition} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
