import { AimOutlined } from '@ant-design/icons';
import type { TextCheckFinding } from '@author-centre/shared/works';
import { Alert, Button, List, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORKS_NS } from '../i18n.ts';

/**
 * The findings of the checks before publishing, one way everywhere (publishing now, scheduling):
 * blocking findings first, then warnings, each with its place in the text ("locate") when it has
 * one. Only a typo can be ignored by the author; a sensitive word always blocks.
 */
export function FindingsList(props: {
  findings: TextCheckFinding[];
  onLocate?: (offset: number, length: number) => void;
  onExclude?: (word: string) => void;
}) {
  const { t } = useTranslation(WORKS_NS);
  const { findings, onLocate, onExclude } = props;
  const blocking = findings.filter((f) => f.severity === 'block');
  const warnings = findings.filter((f) => f.severity === 'warn');
  const row = (f: TextCheckFinding, i: number) => (
    <List.Item
      key={`${f.rule}-${f.offset ?? i}`}
      data-rule={f.rule}
      actions={[
        onLocate && f.offset !== undefined && (
          <Button key="locate" size="small" icon={<AimOutlined />} onClick={() => onLocate(f.offset!, f.length ?? 0)}>
            {t('publish.locate')}
          </Button>
        ),
        onExclude && f.word && f.rule === 'typo' && (
          <Button key="exclude" size="small" type="link" onClick={() => onExclude(f.word!)}>
            {t('publish.exclude')}
          </Button>
        ),
      ].filter(Boolean)}
    >
      <Space>
        <Tag color={f.severity === 'block' ? 'red' : 'orange'}>{t(`publish.rules.${f.rule}`)}</Tag>
        <span>{f.message}</span>
      </Space>
    </List.Item>
  );
  return (
    <div data-testid="findings-list">
      {blocking.length > 0 && <Alert type="error" showIcon message={t('publish.blocked')} />}
      {blocking.length > 0 && <List size="small" dataSource={blocking} renderItem={row} />}
      {warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('publish.warnings')}
          style={{ marginTop: blocking.length ? 12 : 0 }}
        />
      )}
      {warnings.length > 0 && <List size="small" dataSource={warnings} renderItem={row} />}
    </div>
  );
}
