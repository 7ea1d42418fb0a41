import { describe, expect, it } from 'vitest';
import { rowErrors } from './pen-name-rows.ts';

describe('pen-name binding rows (§5)', () => {
  it('asks for a correct, different phone and a 4-digit code', () => {
    expect(rowErrors({ phone: '1380000', code: '' }, false, 'en-US')).toEqual({
      phone: 'Please enter a correct phone number',
      code: 'Verification code cannot be empty',
    });
    expect(rowErrors({ phone: '13800002002', code: '12' }, true, 'en-US')).toEqual({
      phone: 'Please enter different phone numbers',
      code: 'Verification code is wrong',
    });
    expect(rowErrors({ phone: '12800002002', code: '1234' }, false, 'zh-CN')).toEqual({
      phone: '请输入正确的手机号码',
    });
    expect(rowErrors({ phone: '13800002002', code: '1234' }, false, 'zh-CN')).toEqual({});
  });
});
