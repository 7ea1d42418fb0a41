import { describe, expect, it } from 'vitest';
import helpEnUS from '../help-center/i18n.en-US.ts';
import { helpZhCN } from '../help-center/i18n.ts';
import { ANSWER_FAILED, ANSWERING_PLACEHOLDER, STREAM_MAINTENANCE } from './chat-machine.ts';
import aiAssistantEnUS from './i18n.en-US.ts';
import { aiAssistantZhCN } from './i18n.ts';

describe('AI assistant and help centre strings', () => {
  it('are complete in both languages', () => {
    expect(Object.keys(aiAssistantEnUS).sort()).toEqual(Object.keys(aiAssistantZhCN).sort());
    expect(Object.keys(helpEnUS).sort()).toEqual(Object.keys(helpZhCN).sort());
    for (const value of [...Object.values(aiAssistantEnUS), ...Object.values(helpEnUS)]) {
      expect(value.trim().length).toBeGreaterThan(0);
    }
  });

  it('carry the specification wording verbatim', () => {
    expect(aiAssistantZhCN).toMatchObject({
      title: 'AI助理',
      empty: '请输入您的问题',
      placeholder: '请输入您的问题',
      pendingOutside: 'AI助理请求频繁，请稍后再试',
      pendingInside: '努力加载中，请您稍等',
      clearTitle: '是否清空记录',
      clearDesc: '清空记录后将无法查看，请仔细考虑',
      another: '换一换',
    });
    expect(aiAssistantEnUS).toMatchObject({
      hideTitle: 'Confirm hiding the AI assistant?',
      hideDesc: 'You can reopen it on the right side after hiding',
    });
    expect([ANSWERING_PLACEHOLDER, ANSWER_FAILED, STREAM_MAINTENANCE]).toEqual([
      '努力加载中，请您稍等…',
      '答案生成失败，请重试',
      '功能维护中',
    ]);
  });
});
