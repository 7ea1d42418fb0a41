import { describe, expect, it } from 'vitest';
import {
  CODE_EMPTY_MESSAGE,
  CODE_WRONG_MESSAGE,
  duplicatePhoneIndexes,
  ID_CARD_MESSAGE,
  idCardBirthDate,
  idCardCheckChar,
  isAllowedText,
  isBankCard,
  isIdCard,
  isMobile,
  isNumeric,
  isPhone,
  isRealName,
  isSmsCode,
  localizeMessage,
  messageText,
  PHONE_MESSAGE,
  PHONES_DIFFERENT_MESSAGE,
  SMS_CODE_TYPE,
  TEXT_PATTERN_MESSAGE,
  validationSchemas,
  zBankCard,
  zDistinctPhones,
  zIdCard,
  zMobile,
  zPhone,
  zRate,
  zRealName,
  zSmsCode,
  zSmsCodeType,
  zTextPattern,
} from './validators.ts';

/** The messages a schema fails with, in order. */
function errorsOf(schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } }, value: unknown) {
  return schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
}

/** A valid ID number for a region and birth date, with its computed check character. */
const idFor = (first17: string) => first17 + idCardCheckChar(first17);

describe('messages', () => {
  it('keeps the spec wording verbatim with a translation', () => {
    expect(PHONE_MESSAGE).toEqual({ 'en-US': 'Please enter a correct phone number', 'zh-CN': '请输入正确的手机号码' });
    expect(CODE_EMPTY_MESSAGE['en-US']).toBe('Verification code cannot be empty');
    expect(CODE_WRONG_MESSAGE['en-US']).toBe('Verification code is wrong');
    expect(PHONES_DIFFERENT_MESSAGE['en-US']).toBe('Please enter different phone numbers');
    expect(TEXT_PATTERN_MESSAGE['zh-CN']).toBe('仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点');
    expect(TEXT_PATTERN_MESSAGE['en-US']).toMatch(/Roman numerals/);
  });

  it('defaults to the language the spec states a message in', () => {
    expect(messageText(PHONE_MESSAGE)).toBe('Please enter a correct phone number');
    expect(messageText(TEXT_PATTERN_MESSAGE)).toBe(TEXT_PATTERN_MESSAGE['zh-CN']);
    expect(messageText(ID_CARD_MESSAGE)).toBe('请输入正确的身份证号码');
    expect(messageText(PHONE_MESSAGE, 'zh-CN')).toBe('请输入正确的手机号码');
  });

  it('localizes known messages either way and leaves others alone', () => {
    expect(localizeMessage('Please enter a correct phone number', 'zh-CN')).toBe('请输入正确的手机号码');
    expect(localizeMessage('请输入正确的身份证号码', 'en-US')).toBe('Please enter a correct ID card number');
    expect(localizeMessage('something else', 'zh-CN')).toBe('something else');
  });
});

describe('SMS_CODE_TYPE', () => {
  it("has the spec's types and distinct values", () => {
    expect(SMS_CODE_TYPE.authorInfo).toBe('6');
    expect(SMS_CODE_TYPE.penNameBind).toBe('10');
    const values = Object.values(SMS_CODE_TYPE);
    expect(new Set(values).size).toBe(values.length);
    expect(zSmsCodeType.safeParse('10').success).toBe(true);
    expect(zSmsCodeType.safeParse('7').success).toBe(false);
  });
});

describe('phone', () => {
  it('accepts exactly 11 digits for a code request', () => {
    expect(isPhone('13812345678')).toBe(true);
    expect(isPhone('00000000000')).toBe(true);
    for (const bad of [
      '',
      '1381234567',
      '138123456789',
      '1381234567a',
      ' 13812345678',
      '138 1234 5678',
      '１３８１２３４５６７８',
    ]) {
      expect(isPhone(bad), bad).toBe(false);
    }
  });

  it('accepts a mobile number only as 1, then 3-9, then 9 digits', () => {
    for (const ok of ['13012345678', '19912345678', '15800000000']) expect(isMobile(ok), ok).toBe(true);
    for (const bad of ['12012345678', '10012345678', '23812345678', '1381234567', '138123456789', '']) {
      expect(isMobile(bad), bad).toBe(false);
    }
  });

  it('zPhone and zMobile fail with the phone message, also for a missing value', () => {
    expect(zPhone.parse('13812345678')).toBe('13812345678');
    expect(errorsOf(zPhone, '1381234567')).toEqual(['Please enter a correct phone number']);
    expect(errorsOf(zPhone, undefined)).toEqual(['Please enter a correct phone number']);
    expect(errorsOf(zMobile, '12812345678')).toEqual(['Please enter a correct phone number']);
    expect(zMobile.safeParse('13812345678').success).toBe(true);
  });

  it('builds schemas in a chosen locale', () => {
    const zh = validationSchemas('zh-CN');
    expect(errorsOf(zh.zPhone, 'x')).toEqual(['请输入正确的手机号码']);
    expect(errorsOf(validationSchemas('en-US').zTextPattern, '<')).toEqual([TEXT_PATTERN_MESSAGE['en-US']]);
  });
});

describe('verification code', () => {
  it('is exactly 4 digits', () => {
    expect(isSmsCode('0123')).toBe(true);
    for (const bad of ['', '123', '12345', '12a4', ' 123']) expect(isSmsCode(bad), bad).toBe(false);
  });

  it('zSmsCode says empty for empty, wrong for a bad format, one message each', () => {
    expect(zSmsCode.parse('1234')).toBe('1234');
    expect(errorsOf(zSmsCode, '')).toEqual(['Verification code cannot be empty']);
    expect(errorsOf(zSmsCode, undefined)).toEqual(['Verification code cannot be empty']);
    expect(errorsOf(zSmsCode, '123')).toEqual(['Verification code is wrong']);
    expect(errorsOf(zSmsCode, 'abcd')).toEqual(['Verification code is wrong']);
  });
});

describe('duplicate phones', () => {
  it('flags every row whose phone appears in another row, never empty rows', () => {
    expect(duplicatePhoneIndexes(['13800000001', '13800000002', '13800000001', '', ''])).toEqual([0, 2]);
    expect(duplicatePhoneIndexes(['13800000001', '13800000002'])).toEqual([]);
  });

  it('zDistinctPhones reports the duplicates at their own index', () => {
    expect(zDistinctPhones.safeParse(['13800000001', '13800000002']).success).toBe(true);
    const issues = zDistinctPhones.safeParse(['13800000001', '13800000002', '13800000002']).error?.issues;
    expect(issues?.map((i) => [i.path, i.message])).toEqual([
      [[1], 'Please enter different phone numbers'],
      [[2], 'Please enter different phone numbers'],
    ]);
    expect(errorsOf(zDistinctPhones, ['123'])).toEqual(['Please enter a correct phone number']);
  });
});

describe('real name', () => {
  it('accepts Han characters with the middle dot between them', () => {
    for (const ok of ['张三', '欧阳娜娜', '阿卜杜拉·买买提', '爱新觉罗·玄烨', '𠇔明'])
      expect(isRealName(ok), ok).toBe(true);
    expect(zRealName.parse('李四')).toBe('李四');
  });

  it('refuses letters, digits, spaces, stray dots and other punctuation', () => {
    for (const bad of ['', 'Tom', '张3', '张 三', '·张三', '张三·', '张··三', '张.三', '张三！']) {
      expect(isRealName(bad), bad).toBe(false);
    }
    expect(errorsOf(zRealName, 'Tom')).toEqual(['请输入正确的真实姓名']);
  });
});

describe('bank card', () => {
  it('accepts 16 to 19 digits not starting with 0', () => {
    for (const ok of ['6222021234567890', '62220212345678901', '6222021234567890123']) {
      expect(isBankCard(ok), ok).toBe(true);
    }
    expect(zBankCard.parse('6222021234567890')).toBe('6222021234567890');
  });

  it('refuses other lengths, a leading 0 and non-digits', () => {
    for (const bad of [
      '622202123456789',
      '62220212345678901234',
      '0222021234567890',
      '6222 0212 3456 7890',
      '622202123456789X',
    ]) {
      expect(isBankCard(bad), bad).toBe(false);
    }
    expect(errorsOf(zBankCard, '0222021234567890')).toEqual(['请输入正确的银行卡号']);
  });
});

describe('national ID', () => {
  const now = Date.UTC(2024, 5, 15, 4); // 2024-06-15 12:00 Shanghai

  it('computes the GB 11643-1999 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
  });

  it('accepts a valid number, with X or x as check character', () => {
    expect(isIdCard('11010519491231002X', now)).toBe(true);
    expect(isIdCard('11010519491231002x', now)).toBe(true);
    expect(isIdCard(idFor('11010120000229001'), now)).toBe(true); // leap day
    expect(isIdCard(idFor('11010119000101001'), now)).toBe(true); // first allowed year
    expect(isIdCard(idFor('11010120240615001'), now)).toBe(true); // born today
    expect(zIdCard.parse('11010519491231002X')).toBe('11010519491231002X');
  });

  it('refuses a wrong check character', () => {
    expect(isIdCard('110105194912310021', now)).toBe(false);
    expect(isIdCard('440524188001010015', now)).toBe(false);
  });

  it('refuses a bad length or bad characters', () => {
    for (const bad of [
      '',
      '11010519491231002',
      '11010519491231002X1',
      '1101051949123100XX',
      'A1010519491231002X',
      '11010519491231002Y',
    ]) {
      expect(isIdCard(bad, now), bad).toBe(false);
    }
  });

  it('refuses birth dates that are not real, before 1900 or in the future', () => {
    expect(idCardBirthDate('11010519491231002X')).toBe('1949-12-31');
    expect(idCardBirthDate(idFor('11010119990229001'))).toBeUndefined();
    for (const first17 of [
      '11010119990229001', // 1999 is not a leap year
      '11010120001301001', // month 13
      '11010120000431001', // 31 April
      '11010120000100001', // day 0
      '44052418991231001', // before 1900
      '11010120240616001', // tomorrow
      '11010120300101001', // future year
    ]) {
      expect(isIdCard(idFor(first17), now), first17).toBe(false);
    }
    expect(errorsOf(zIdCard, idFor('44052418800101001'))).toEqual(['请输入正确的身份证号码']);
  });
});

describe('text pattern', () => {
  it('accepts Han, letters, digits, Roman numerals Ⅰ-Ⅻ and ，：！？', () => {
    for (const ok of ['第一卷', 'Chapter1', '第Ⅻ章：重逢！', '你好，世界？', 'ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ']) {
      expect(isAllowedText(ok), ok).toBe(true);
    }
    expect(zTextPattern.parse('第Ⅰ卷')).toBe('第Ⅰ卷');
  });

  it('refuses spaces, ASCII and other Chinese punctuation, and Roman numerals past Ⅻ', () => {
    for (const bad of ['', 'a b', 'hi!', '你好,世界', '你好。', '《书名》', '第ⅰ章', 'Ⅼ', '😀', '<script>']) {
      expect(isAllowedText(bad), bad).toBe(false);
    }
    expect(errorsOf(zTextPattern, '你好。')).toEqual(['仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点']);
  });
});

describe('rate', () => {
  it('is valid when numeric', () => {
    for (const ok of [0, 12, 0.5, -3, '12', '0.5', '.5', '5.', '-3', ' 7 '])
      expect(isNumeric(ok), String(ok)).toBe(true);
    expect(zRate.parse('0.5')).toBe(0.5);
    expect(zRate.parse(30)).toBe(30);
  });

  it('is invalid otherwise', () => {
    for (const bad of [
      '',
      ' ',
      'abc',
      '1e',
      '1,000',
      '12%',
      '0x10',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      {},
    ]) {
      expect(isNumeric(bad), String(bad)).toBe(false);
    }
    expect(errorsOf(zRate, 'abc')).toEqual(['请输入数字']);
    expect(errorsOf(zRate, null)).toEqual(['请输入数字']);
  });
});
