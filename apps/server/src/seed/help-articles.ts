/**
 * The help centre's standard content: categories and articles written for this product, stated as
 * the specification and decisions.md state the rules. Brand facts (sign-up threshold, online-sign
 * success text, names) are read from the brand's settings when seeded, so every brand's articles
 * state its own rules. Operators edit everything afterwards through the admin API.
 *
 * Body format (see HelpArticleTable.body): paragraphs separated by blank lines; '## ' heading,
 * '- ' list item, '1. ' numbered step.
 */
import {
  AI_ASSISTANT,
  type BrandSettings,
  MIN_BROWSER_VERSIONS,
  SIGNING_GUIDE,
  VERIFY_CODE,
} from '@author-centre/shared';
import { SCREENPLAY_APPLICATION_LIMITS as S } from '../modules/works/screenplay-application.ts';
import ASKED from './help/asked.json' with { type: 'json' };
import { authorQuestionsArticles } from './help/author-questions.ts';
import { commentsArticles } from './help/comments.ts';
import { contractsArticles } from './help/contracts.ts';
import { creativeArticles } from './help/creative.ts';
import { FEEDBACK_WAY, GUIDE_WAY } from './help/forum-ways.ts';
import { growthArticles } from './help/growth.ts';
import { incomeArticles, welfareRulesText } from './help/income.ts';
import { publicPagesArticles } from './help/public-pages.ts';
import { tripupsArticles } from './help/tripups.ts';

export interface HelpSeedCategory {
  number: number;
  name: string;
  description: string;
}

export interface HelpSeedArticle {
  number: number;
  category: number;
  title: string;
  keywords: string;
  popular?: boolean;
  body: string;
}

/** The facts of one brand that articles state. */
export interface Facts {
  platform: string;
  client: string;
  /** Words a novel needs before applying for signing, e.g. '2万字'. */
  novelSign: string;
  /** The same threshold in digits, e.g. '20,000字' (authors write it either way). */
  novelSignDigits: string;
  shortSign: string;
  freeListing: string;
  payDay: number;
  onlineSignSuccess: string;
  editor: string;
  welfareDoc: string;
  /** A pen name may change once in this many days. */
  penNameDays: number;
  /** The brand's welfare rules, one line each. */
  welfareRules: string;
}

/** How the articles state the brand's pen name rule (brand settings restate it there when it changes). */
export const penNameRuleSentence = (days: number) => `笔名每${days}天可以修改一次`;

/**
 * Article 51's line on what the assistant does not do (ai-assistant.service.ts REFUSED_TOPICS declines writing;
 * embedded.ts answers "nothing found" when the help centre has nothing); 202701010101 gives it to brands seeded before.
 */
export const AI_ASSISTANT_SCOPE =
  'AI助理只按帮助中心的内容回答，不代写、续写或润色作品，也不帮您构思情节；帮助中心没有写到的问题，它会告诉您没有找到相关内容，不凭猜测回答。您可以换个说法再问，或到帮助中心浏览全部问题。';

function chars(n: number): string {
  return n >= 10_000 && n % 1000 === 0 ? `${n / 10_000}万字` : `${n.toLocaleString('en-US')}字`;
}

/** '2万' → 20000, '4千' → 4000, '8000' → 8000: the brand's signing threshold in characters. */
export function signConditionChars(condition: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([万千]?)/.exec(condition.trim());
  if (!m) return Number.NaN;
  return Math.round(Number(m[1]) * (m[2] === '万' ? 10_000 : m[2] === '千' ? 1000 : 1));
}

function factsOf(brand: BrandSettings): Facts {
  return {
    platform: brand.platformName,
    client: brand.clientName,
    novelSign: `${brand.applySignCondition}字`,
    novelSignDigits: `${signConditionChars(brand.applySignCondition).toLocaleString('en-US')}字`,
    shortSign: chars(brand.shortStorySignCondition),
    freeListing: chars(SIGNING_GUIDE.novelFreeAppListingChars),
    payDay: SIGNING_GUIDE.royaltyPaymentDayOfMonth,
    onlineSignSuccess: brand.onlineSignSuccessText,
    editor: brand.editorTitle,
    welfareDoc: brand.domains.welfareDoc,
    penNameDays: brand.penNameChangeDays,
    welfareRules: welfareRulesText(brand.welfareRules),
  };
}

/** The working days the brand's online-sign success text promises, e.g. '1~3个工作日'. */
function signDays(text: string): string {
  return /(\d+\s*[~～-]\s*\d+\s*个工作日)/.exec(text)?.[1] ?? '数个工作日';
}

export const HELP_SEED_CATEGORIES: HelpSeedCategory[] = [
  {
    number: 1,
    name: '新手指南',
    description: '第一次来作者中心？从这里开始：创建作品、申请签约、上架和领取稿酬的全流程。',
  },
  { number: 2, name: '账号与登录', description: '注册登录、验证码、密码、笔名、手机号绑定与作者信息。' },
  { number: 3, name: '写作与发布', description: '章节编辑器、定时发布、草稿与自动保存、分卷、作品信息与审核。' },
  { number: 4, name: '签约与合同', description: '签约字数条件、申请流程、线上电子签约、实名认证与合同查看。' },
  { number: 5, name: '上架与付费', description: '签约后何时上架、免费App上架规则、短篇付费点与章节付费状态。' },
  { number: 6, name: '稿酬与结算', description: '稿酬组成（保底、分成、福利）、每月结算与发放、银行卡与收入明细。' },
  { number: 7, name: '读者互动', description: '评论管理、折叠评论、段评、读者纠错与举报。' },
  { number: 8, name: '作者成长', description: '作者等级、勋章、新人写作营与作者学院。' },
  { number: 9, name: '工具与服务', description: '请假、AI助理、消息通知、浏览器与时区提示、联系编辑。' },
];

const articles = (f: Facts): HelpSeedArticle[] => [
  // 1 新手指南
  {
    number: 1,
    category: 1,
    title: '作者中心能做什么？',
    keywords: '作者后台,功能介绍,入门,能干什么',
    body: `${f.platform}是作者管理创作和收入的地方。登录后，您可以在这里完成从写作到领取稿酬的全部事情。

- 作品管理：创建长篇小说、短篇故事和剧本，编辑作品信息和封面。
- 写作发布：在章节编辑器里写作、保存草稿、立即发布或定时发布章节。
- 签约：达到字数条件后申请签约，在线完成电子签约，查看自己的合同。
- 数据与收入：查看作品的阅读数据、每日收入、每月结算和福利。
- 读者互动：回复和管理读者评论，处理读者提交的错别字纠错。
- 成长：作者等级、勋章、新人写作营和作者学院的课程。
- 服务：请假、消息通知、帮助中心和AI助理。

第一次使用，建议先阅读《新人作者必读：从创建作品到领取稿酬》。`,
  },
  {
    number: 2,
    category: 1,
    title: '如何创建第一部作品？',
    keywords: '新建作品,创建小说,开书,写书,建书,新书',
    popular: true,
    body: `登录后进入「作品管理」，选择要创建的类型：长篇小说、短篇故事或剧本。

1. 点击创建作品，填写作品名、简介等作品信息，选择封面。
2. 保存后进入章节编辑器，写下第一章。
3. 章节可以先保存为草稿，确认无误后发布，也可以设置定时发布。

作品名建议简洁、与内容相符。创建之后，作品信息还可以在作品的「作品信息」页修改。

长篇小说写到${f.novelSign}后可以申请签约；短篇故事需要满${f.shortSign}并完成实名认证和付费点设置。`,
  },
  {
    number: 3,
    category: 1,
    title: '新手引导在哪里？可以跳过吗？',
    keywords: '新手引导,引导弹窗,跳过引导,新人指引,教程',
    body: `第一次登录作者中心时，会弹出新手引导。先选择您要写的类型：长篇小说、短篇故事，或者选择「已经熟悉」直接跳过。

- 长篇小说的引导分为：创建作品、申请签约、作品上架、获得稿酬、欢迎加入，共五步。
- 短篇故事的引导分为：创建作品、申请签约、欢迎加入，共三步。

每一步都显示当前步骤和总步数，可以点「上一步」「下一步」来回查看。最后一步提供「查看详细指南」（${GUIDE_WAY}）和「开始创作」按钮。

跳过或看完后，引导不会再自动弹出。`,
  },
  {
    number: 4,
    category: 1,
    title: '长篇小说、短篇故事和剧本有什么区别？',
    keywords: '作品类型,长篇,短篇,剧本,短故事,区别',
    body: `作者中心支持三种作品：

## 长篇小说
按章节连载更新。写满${f.novelSign}可以申请签约；签约后写满${f.freeListing}，作品会自动在免费App上架。稿酬由保底、分成和福利组成，按月结算。

## 短篇故事
一次写完的故事，在短篇编辑器里创作。申请签约需要正文满${f.shortSign}，并且完成实名认证、设置付费点。

## 剧本
在「作品管理-剧本」中创建和管理，可以提交剧本申请；改编书单列出可供改编的作品。`,
  },
  {
    number: 12,
    category: 1,
    title: '新人作者必读：从创建作品到领取稿酬',
    keywords: '写作指南,新手必读,完整流程,怎么赚钱,新人,入门指南,签约上架稿酬',
    popular: true,
    body: `欢迎来到${f.platform}！这篇指南带您走一遍从开书到拿到稿酬的完整流程。

## 第一步：创建作品
在「作品管理」中创建长篇小说或短篇故事，填写作品信息，然后在章节编辑器中开始写作。

## 第二步：申请签约
长篇小说写满${f.novelSign}即可申请签约。短篇故事需要满${f.shortSign}、完成实名认证并设置付费点。签约申请由${f.editor}审核，通过后在线完成电子签约。

## 第三步：作品上架
长篇小说签约后，字数达到${f.freeListing}，作品会自动在免费App上架，读者就能读到您的作品。

## 第四步：获得稿酬
稿酬由三部分组成：保底、分成和福利。稿酬每月结算一次，于每月${f.payDay}日发放到您绑定的银行卡。请提前在个人信息中绑定本人的银行卡。

有任何问题，都可以在帮助中心搜索，或者点页面右侧的AI助理提问。`,
  },

  // 2 账号与登录
  {
    number: 5,
    category: 2,
    title: '如何注册和登录作者中心？',
    keywords: '注册,登录,账号,手机登录,密码登录,快速注册,进不去',
    popular: true,
    body: `作者中心用手机号登录。

## 验证码登录
输入11位手机号，点「获取验证码」，完成拼图验证后会收到4位数字验证码，填入即可登录。新手机号登录时按提示注册。

## 密码登录
输入笔名或手机号和密码登录。

## 快速注册
填写手机号、真实姓名、身份证号和短信验证码即可注册。真实姓名和身份证号只需核验一次，之后签约和结算都会用到。

登录状态保存在服务器上：一周不使用或登录满一个月后需要重新登录。`,
  },
  {
    number: 6,
    category: 2,
    title: '收不到验证码怎么办？',
    keywords: '验证码,短信,收不到,没收到短信,验证码错误,拼图,滑块',
    body: `获取验证码前需要拖动滑块完成拼图（提示「拖动下方滑块完成拼图」，看不清可以点「换一换」）。拼图没有对齐时会提示「请控制拼图块对齐缺口」。

验证码的规则：
- 验证码是${VERIFY_CODE.codeLength}位数字，5分钟内有效，只能使用一次。
- 输错5次后验证码作废，需要重新获取。
- 同一手机号${VERIFY_CODE.countdownSeconds}秒内只能发送一次，按钮会倒计时；每小时最多5次，每天最多10次。

如果一直收不到：确认手机号是11位且填写正确；检查短信是否被手机拦截；等倒计时结束后重新获取。超过当天次数上限后，请第二天再试。`,
  },
  {
    number: 7,
    category: 2,
    title: '忘记密码怎么找回？',
    keywords: '忘记密码,找回密码,重置密码,改密码,密码错误',
    body: `在登录页点「找回密码」，按以下步骤重置：

1. 输入注册时的手机号，获取并填写短信验证码。
2. 输入新密码，并再次输入确认。两次输入必须一致。
3. 提交后用新密码登录。

不记得密码时，也可以直接用手机号和验证码登录，登录后在个人信息中修改密码。`,
  },
  {
    number: 8,
    category: 2,
    title: '一个人可以有多个笔名吗？怎么切换？',
    keywords: '多个笔名,多账号,切换笔名,切换账号,马甲,小号',
    body: `可以。一位作者（按实名核验的本人）可以拥有多个笔名，每个笔名是一个独立的作者账号，作品、收入和数据分别统计。

- 登录时，如果手机号下有多个笔名，会让您选择要登录的笔名。
- 登录后可以在页头的笔名菜单中切换到其他笔名。
- 每个笔名可以绑定单独的手机号，见《为笔名绑定单独的手机号》。`,
  },
  {
    number: 9,
    category: 2,
    title: '笔名可以修改吗？',
    keywords: '改笔名,修改笔名,换笔名,笔名重复,笔名被占用,改名字,多久能改笔名,笔名修改次数',
    body: `可以在「个人信息」中申请修改笔名。提交前系统会检查新笔名是否可用：同一平台内笔名不能重复，已被占用的笔名无法使用。

${penNameRuleSentence(f.penNameDays)}。修改之后，「个人信息」里笔名旁会显示下一次可以修改的日期，在那之前提交会被拒绝并告诉您日期。

笔名是读者认识您的名字，修改后作品页展示的作者名也会随之改变，建议谨慎修改。`,
  },
  {
    number: 10,
    category: 2,
    title: '为笔名绑定单独的手机号',
    keywords: '笔名绑定手机,多笔名手机号,账号拆分,笔名手机,绑定手机号',
    body: `有多个笔名时，可以为每个笔名绑定一个单独的手机号，之后用该手机号就能直接登录对应的笔名。

填写规则：
- 第一行是主笔名，不能修改，也不需要验证码。
- 其他笔名各填一个11位手机号（只能输入数字），手机号之间不能重复，否则提示「Please enter different phone numbers」（请填写不同的手机号）。
- 每个手机号都要获取并填写4位验证码。
- 所有可编辑行都填写正确后，提交按钮才可用；提交时会一并提交您的真实姓名。

提交后，如果有手机号或验证码不正确，会在对应行提示；全部正确时会请您确认，确认后即完成绑定。绑定会在后台处理，处理期间再次打开会显示当前进度。`,
  },
  {
    number: 11,
    category: 2,
    title: '如何更换绑定的手机号？',
    keywords: '换手机号,更换手机,手机号停用,改手机号,换绑',
    body: `在「个人信息」中选择更换手机号：

1. 确认更换（弹窗会再次提示您更换的影响）。
2. 输入新的11位手机号，获取并填写4位验证码。
3. 填写本人真实姓名后提交。

手机号格式不对时提示「请输入正确的手机号」；验证码为空或错误会在验证码栏提示。更换成功后，请用新手机号登录。`,
  },
  {
    number: 13,
    category: 2,
    title: '完善作者信息：绑定手机号和联系方式',
    keywords: '完善信息,作者信息,联系方式,绑定手机,QQ,微信,邮箱,收货地址,紧急联系人',
    body: `账号没有绑定手机号时，登录后会弹出「完善作者信息」，请填写11位手机号并通过验证码验证。

在「个人信息」中还可以填写：
- 联系方式：QQ、邮箱、微信号、紧急联系人电话。
- 收货地址：用于寄送纸质合同和礼品。
- 真实姓名、身份证号、银行卡：签约和领取稿酬时需要。

身份证号、银行卡号和手机号在服务器上加密保存，页面上只显示部分号码（如 138****5678）。`,
  },

  // 3 写作与发布
  {
    number: 14,
    category: 3,
    title: '章节编辑器怎么用？',
    keywords: '编辑器,写章节,码字,夜间模式,护眼模式,皮肤,作者的话,字数统计',
    popular: true,
    body: `在作品管理中点「写新章节」即可进入章节编辑器（长篇和短篇各有自己的编辑器）。

- 标题和正文：正文字数会实时统计。
- 皮肤：编辑器有普通、夜间和护眼三种皮肤，按自己的习惯切换。
- 作者的话：可以在章节末尾写给读者的话。
- 保存与发布：可以存为草稿、立即发布，或设置定时发布。
- 预览和历史版本：发布前可以预览；编辑器会保存历史版本，误删内容可以找回。

在编辑器页面不会弹出勋章等弹窗，以免打扰写作。`,
  },
  {
    number: 15,
    category: 3,
    title: '如何设置定时发布章节？',
    keywords: '定时发布,定时更新,预约发布,存稿,自动发布,定时',
    popular: true,
    body: `写好的章节可以设置在指定时间自动发布，适合提前存稿、固定时间更新。

1. 在章节编辑器中写好章节。
2. 选择「定时发布」，设置发布的日期和时间（北京时间）。
3. 确认后，章节会在设定时间自动发布，之前一直保存在待发布列表中。

定时发布之前，您仍可以修改章节内容或取消定时。发布时间到达后，章节会和手动发布一样进入审核和展示流程。`,
  },
  {
    number: 16,
    category: 3,
    title: '草稿和自动保存：写的内容会丢吗？',
    keywords: '草稿箱,自动保存,内容丢失,没保存,断网,保存失败,两个窗口,突然关机,断电,电脑死机,写的东西没了',
    body: `编辑器会在您写作时自动保存，保存下来的章节放在「草稿箱」中，随时可以继续写。

- 断网、浏览器崩溃或不小心关闭页面：已经自动保存的内容不会丢失，重新打开章节即可继续。
- 同时在两个窗口编辑同一章：系统会发现冲突并提醒您，不会悄悄覆盖另一边的内容。
- 重复点击保存或发布：只会生效一次。

如果误删了内容，可以在章节的历史版本中找回。`,
  },
  {
    number: 17,
    category: 3,
    title: '上传本地稿件和智能分章',
    keywords: '上传稿件,导入,word,txt,文档,智能分章,批量上传',
    body: `已经在本地写好的稿件可以上传到章节编辑器，不用逐章复制粘贴。

平台开启智能分章时，上传的稿件会按章节标题自动拆分为多个章节，拆分结果可以在发布前检查、调整。

上传后的章节和手写的章节一样，可以存草稿、发布或定时发布。`,
  },
  {
    number: 18,
    category: 3,
    title: '如何给作品分卷？',
    keywords: '分卷,卷,新建卷,卷名,目录,第一卷,分成几卷,分几卷,目录分卷',
    body: `长篇作品可以分卷管理目录。在章节管理中新建卷并命名，写新章节时选择所属的卷即可。

分卷只影响目录的组织方式，不影响章节的字数统计、签约和上架条件。`,
  },
  {
    number: 19,
    category: 3,
    title: '章节为什么在审核中或被退回？',
    keywords: '审核,审核中,被退回,退稿,驳回,章节不通过,屏蔽,审核中心,一直在审核,审核很久,审核不通过',
    body: `发布的章节、作品信息和封面都需要审核。审核通过后读者才能看到。

在「审核中心」可以看到：
- 正在审核的内容（作品信息、封面、章节）；
- 被退回的内容和退回原因；
- 接下来该怎么做。

内容被退回时，请按退回原因修改后重新提交。对审核结果有疑问，可以联系您的${f.editor}。`,
  },
  {
    number: 20,
    category: 3,
    title: '如何修改作品信息（书名、简介、封面）？',
    keywords: '修改书名,改书名,简介,改简介,作品信息,换封面,上传封面,修改作品信息',
    body: `在作品管理中进入作品的「作品信息」页，可以修改作品简介、上传新的封面等信息，修改后需要重新审核。

没有现成的封面图，可以用模板做一张，见《用模板制作封面的步骤》。

签约后部分作品信息（比如书名）的修改可能需要和${f.editor}沟通。`,
  },
  {
    number: 21,
    category: 3,
    title: '短篇故事怎么发布？',
    keywords: '短篇发布,写短篇,短故事,发布短篇,短篇编辑器',
    body: `在「作品管理-短篇」中创建短篇故事，进入短篇编辑器写作。

短篇故事一次写完整个故事。发布成功后会进入发布成功页，可以继续管理作品信息。

短篇想要签约，需要满足三个条件：正文满${f.shortSign}、完成实名认证、设置付费点。`,
  },
  {
    number: 23,
    category: 3,
    title: '作品的成长阶段是什么？',
    keywords: '成长阶段,成长周期,日更字数,推荐阶段,作品阶段',
    body: `在作品的「成长阶段」页，可以看到作品当前所处的阶段：成长周期、每日更新字数，以及上架和推荐的阶段。

保持稳定更新有助于作品进入下一阶段。需要请假时，请使用「请假管理」，请假期间的更新要求会暂停。`,
  },

  // 4 签约与合同
  {
    number: 24,
    category: 4,
    title: '长篇小说写多少字可以申请签约？',
    keywords: '签约条件,签约字数,多少字签约,写多少字能签,写满多少字,申请签约,签约要求,字数要求,字数够不够',
    popular: true,
    body: `在${f.platform}，长篇小说正文写满${f.novelSign}（${f.novelSignDigits}）即可申请签约，不到这个字数还不能申请。

达到字数后，在作品管理中点「申请签约」提交，由${f.editor}审核。审核通过后，按提示完成线上电子签约。

短篇故事的签约条件不同：需要满${f.shortSign}、完成实名认证并设置付费点，见《短篇故事签约需要什么条件？》。`,
  },
  {
    number: 25,
    category: 4,
    title: '短篇故事签约需要什么条件？',
    keywords: '短篇签约,短篇条件,短篇字数,短故事签约,4000字',
    body: `短篇故事申请签约需要同时满足：

1. 正文字数满${f.shortSign}；
2. 完成实名认证；
3. 设置付费点（读者从哪里开始付费阅读）。

三项都完成后，就可以在短篇的作品管理中提交签约申请。`,
  },
  {
    number: 26,
    category: 4,
    title: '签约流程是怎样的？',
    keywords: '签约流程,怎么签约,签约步骤,编辑审核,申请签约',
    body: `签约的完整流程：

1. 作品达到签约条件（长篇${f.novelSign}，短篇${f.shortSign}并实名、设置付费点）。
2. 在作品管理中提交签约申请。
3. ${f.editor}审核您的作品和申请。
4. 审核通过后，进入「线上签约」，填写并确认身份信息、银行卡信息和合同关键信息。
5. 提交线上电子签约，公司审核并盖章。
6. 完成后，可以在「我的合同」中查看合同。`,
  },
  {
    number: 27,
    category: 4,
    title: '线上电子签约怎么操作？',
    keywords: '线上签约,电子签约,电子合同,在线签约,签合同,签约步骤',
    popular: true,
    body: `签约申请通过后，在「线上签约」中按步骤操作：

1. 身份信息：填写真实姓名和身份证号，上传证件照片（系统会为照片加水印，只用于签约）。
2. 银行卡信息：填写本人银行卡，用于发放稿酬。
3. 确认关键信息：核对合同中的作品、笔名、分成等关键信息。
4. 补充信息：按提示补充联系方式等资料。
5. 预确认并提交。

提交成功后会看到提示：「${f.onlineSignSuccess}」

完成后可在「我的合同」中查看。信息填错被退回时，可以修改后重新提交。`,
  },
  {
    number: 28,
    category: 4,
    title: '线上签约提交后多久完成？',
    keywords:
      '签约多久,审核多久,盖章,签约进度,几个工作日,什么时候签好,等几天,多久生效,审核要多久,签约要等几天,交了资料等多久',
    body: `线上电子签约提交成功后，${f.client}预计在${signDays(f.onlineSignSuccess)}内完成公司审核和盖章。

审核期间可以在「线上签约」中查看进度。盖章完成后，合同会出现在「我的合同」中。超过预计时间仍未完成，可以联系您的${f.editor}。`,
  },
  {
    number: 29,
    category: 4,
    title: '在哪里查看我的合同？纸质合同怎么寄？',
    keywords:
      '我的合同,合同查看,看合同,合同在哪,签好的合同,已签合同,下载合同,纸质合同,快递,合同寄送,收货地址,合同原文,合同内容',
    body: `在「我的合同」中可以查看已签署的合同和签约状态。

需要寄送纸质合同时，请先在个人信息中填写收货地址。寄出后可以看到快递公司和单号，快递公司包括：顺丰速运、中国邮政EMS、京东物流和其他。`,
  },
  {
    number: 30,
    category: 4,
    title: '签约申请没有通过怎么办？',
    keywords: '签约失败,签约被拒,没通过,拒签,重新申请,签约驳回',
    body: `签约申请没有通过时，可以在作品管理中看到结果。线上签约的资料被退回时，会说明需要修改的地方，修改后可以重新提交。

作品本身没有通过签约审核，建议继续更新、提升作品质量后再次申请；也可以联系${f.editor}了解具体原因。`,
  },
  {
    number: 31,
    category: 4,
    title: '怎么做实名认证？',
    keywords: '实名认证,实名,身份证,真实姓名,身份认证,认证',
    body: `实名认证需要填写本人的真实姓名和身份证号：

- 真实姓名只能填汉字，少数民族姓名中间可用「·」；
- 身份证号为18位，最后一位可以是数字或X，出生日期必须有效。

实名信息只需核验一次，签约（尤其是短篇故事签约）和领取稿酬都要用到。身份证号在服务器上加密保存，只显示部分号码。`,
  },

  // 5 上架与付费
  {
    number: 32,
    category: 5,
    title: '签约后作品什么时候在免费App上架？',
    keywords: '上架,什么时候上架,免费App,自动上架,上架条件,3万字',
    popular: true,
    body: `长篇小说签约后，正文字数达到${f.freeListing}，作品会自动在免费App上架，不需要另外申请。付费上架（上架收费）要另外申请，见《签约后怎么申请付费上架（上架收费）？》。

上架之后，读者可以在免费App上阅读您的作品，作品数据和收入会陆续出现在「作品数据」和「收入管理」中。

还没签约的作品不会自动上架；签约条件见《长篇小说写多少字可以申请签约？》。`,
  },
  {
    number: 33,
    category: 5,
    title: '短篇故事的付费点怎么设置？',
    keywords: '付费点,设置付费,付费位置,短篇付费,收费,从哪里开始收费,收费位置',
    body: `付费点决定读者从故事的哪个位置开始需要付费阅读，付费点之前的部分可以免费阅读。

在短篇的作品管理中打开付费点设置，选择付费开始的位置并保存。付费点是短篇故事签约的条件之一（另外两项是正文满${f.shortSign}和实名认证）。`,
  },
  {
    number: 34,
    category: 5,
    title: '章节的免费和付费是怎么区分的？',
    keywords: '免费章节,付费章节,VIP章节,收费章节,章节状态',
    body: `章节列表中每章都标有免费或付费状态。免费章节所有读者都能阅读；付费章节需要读者购买后阅读，您的分成收入主要来自付费章节的订阅。

作品签约、上架后，哪些章节收费按签约时约定的规则执行，有疑问请联系${f.editor}。`,
  },

  // 6 稿酬与结算
  {
    number: 35,
    category: 6,
    title: '稿酬由哪几部分组成？',
    keywords: '稿酬组成,稿费,保底,分成,福利,收入构成,工资,怎么赚钱',
    popular: true,
    body: `签约作品的稿酬由三部分组成：

- 保底：按签约约定给予的保底稿酬；
- 分成：读者订阅、打赏等收入按约定比例给您的分成；
- 福利：平台的作者福利奖励，规则见福利说明文档。

三部分每月一起结算，在「收入管理」中可以分别查看明细；每一部分的金额怎么算，见《月度结算单是怎么算出来的？分成和保底补足怎么算？》。`,
  },
  {
    number: 36,
    category: 6,
    title: '稿酬什么时候发放？',
    keywords: '稿酬发放,稿费什么时候到账,几号发钱,发工资,结算时间,打款,到账,钱没到账,还没到账,没收到稿费,钱没打到卡里',
    popular: true,
    body: `稿酬每月结算一次，于每月${f.payDay}日发放到您绑定的银行卡。

请确保在个人信息中绑定了本人的银行卡，并且卡号、开户名和开户行信息正确；银行卡信息有误会导致发放失败。

发放金额和明细可以在「收入管理-结算汇总」中查看；结算单显示「已打款」说明已经转出，到账时间以银行为准。`,
  },
  {
    number: 37,
    category: 6,
    title: '如何绑定或更换收款银行卡？',
    keywords: '银行卡,绑卡,换卡,收款账户,银行账号,开户行,改银行卡',
    body: `在「个人信息-银行卡」中绑定或更换收款银行卡：

1. 填写银行卡号（16到19位数字，不能以0开头）、开户名和银行预留手机号；
2. 开户名须与实名认证的姓名一致；
3. 提交后等待审核，审核结果会在页面显示。

银行卡号加密保存，页面只显示前4位和后4位。稿酬于每月${f.payDay}日发放到当时绑定的银行卡，更换请在发放日之前完成。`,
  },
  {
    number: 38,
    category: 6,
    title: '在哪里查看收入明细？',
    keywords: '收入明细,收入管理,每日收入,订阅收入,打赏,渠道收入,看收入,赚了多少',
    body: `在「收入管理」中可以查看：

- 结算汇总：每月结算、版权结算和收入汇总；
- 每日收入：按天查看收入变化；
- 订阅收入、打赏收入、渠道收入；
- 福利收入。

收入按月结算，每月${f.payDay}日发放；每日收入是统计数据，最终以月结算为准。`,
  },
  {
    number: 39,
    category: 6,
    title: '作者福利有哪些？怎么领取？',
    keywords: '福利,作者福利,全勤奖,奖励,福利规则,福利说明,全勤,全勤奖',
    body: `福利是稿酬的组成部分之一。满足福利规则的作品，福利会在每月结算时自动计入稿酬，不需要单独申请。

各作品适用的福利规则可以在「收入管理-福利」中查看，详细说明见平台的福利说明文档（${f.welfareDoc}）。

## 福利规则
${f.welfareRules}

字数按北京时间每天首次发布的章节字数统计（作品相关卷不计）；「收入管理-福利」中可以看到本月各作品的更新字数和更新天数。`,
  },

  // 7 读者互动
  {
    number: 41,
    category: 7,
    title: '如何管理读者评论？',
    keywords: '评论管理,回复评论,删除评论,置顶,加精,批量回复,禁言,读者评论,留言,读者留言,回复读者,删评论,删留言',
    popular: true,
    body: `在「评论管理」中可以看到读者对作品和章节的评论：

- 回复、点赞评论，也可以批量回复、设置默认回复语；
- 申请将优质评论置顶或加精；
- 删除自己的回复；不当评论可以折叠、举报，对恶意读者禁言或解除禁言；
- 查看章节评论、段落评论和打卡评论。

有新评论时，页头会显示未读数量，查看后清零。`,
  },
  {
    number: 42,
    category: 7,
    title: '什么是折叠评论？',
    keywords: '折叠评论,评论被折叠,隐藏评论,看不到评论,评论被收起,评论不见了',
    body: `折叠评论是被收起显示的评论，比如内容质量较低或涉嫌违规的评论。读者默认看不到它们，您可以在「评论管理-折叠评论」中查看。`,
  },
  {
    number: 43,
    category: 7,
    title: '什么是段评？',
    keywords: '段评,段落评论,本段评论,段落',
    body: `段评是读者针对章节中某一段落发表的评论。在评论管理中可以按章节和段落查看段评并回复，了解读者对具体情节的反应。`,
  },
  {
    number: 44,
    category: 7,
    title: '读者纠错怎么处理？',
    keywords: '读者纠错,错别字,纠错,改错字,报错,读者反馈错误',
    body: `读者在阅读时发现错别字，可以提交纠错。您可以在「读者纠错」中处理：

1. 查看有纠错的章节和每条纠错的位置、内容；
2. 确认有误的，采纳（或修改后采纳），章节会保存为新版本，已发布的章节同步发布；不需要修改的，可以忽略；
3. 处理后纠错状态会更新；原文已被您改过的纠错会标为“原文已修改”，不能采纳。

有新的纠错时会显示提醒数量，全部查看后清零。能否使用纠错功能由平台按作品情况开放。`,
  },
  {
    number: 45,
    category: 7,
    title: '如何举报侵权或违规内容？',
    keywords: '举报,侵权,抄袭,盗版,违规内容,举报中心',
    body: `在「举报中心」（页脚有入口，不登录也能使用）可以举报侵权或违法违规内容：

1. 用手机号和验证码验证身份；
2. 填写举报内容并上传证据材料；
3. 提交后可以随时查看处理进度。`,
  },

  // 8 作者成长
  {
    number: 46,
    category: 8,
    title: '作者等级有什么用？升级和调整会提示吗？',
    keywords:
      '作者等级,升级,等级,等级权益,lv,等级有什么用,等级好处,等级作用,几级,升级弹窗,降级,等级下降,等级调整,级别,等级特权',
    body: `作者等级体现您在${f.platform}的创作成长，显示在首页作者信息里（如 Lv3）。在「作者等级」页可以看到当前等级、成长值和各等级的名称、说明和权益。

## 等级有什么用
等级越高，说明您的创作积累和读者认可越多。每个等级的说明里写明这一等级的意义和对应的权益。

## 怎么提升
成长值达到下一级的门槛后，等级自动提升；成长值怎么算、每一级的门槛，见《成长值是怎么算的？多少成长值升一级？》。${f.client}的运营人员也可以调整等级，每次调整都会记录原因。

## 升级和降级的提示
- 升级后，下次打开作者中心会弹出「恭喜升级」，显示新的等级、超越的作者比例和寄语，点「查看等级详情」可以看各等级说明。
- 等级下调时不会弹窗提示，当前等级可以在「作者等级」页查看。

对等级有疑问，可以联系您的${f.editor}。`,
  },
  {
    number: 47,
    category: 8,
    title: '勋章是怎么获得的？怎么看进度？会被收回吗？',
    keywords:
      '勋章,徽章,成就,勋章墙,获得勋章,奖章,勋章怎么获得,授予勋章,勋章规则,勋章进度,点亮勋章,获得记录,勋章没到账,勋章不见了,勋章被收回,收回勋章,勋章信封',
    body: `勋章是对作者成就的纪念。大部分勋章按${f.platform}设置的规则自动发放：比如发布第一章、累计发布一定字数、连续更新若干天、作品签约、训练营结业等，达到条件后系统立即发放；有些勋章由${f.client}的运营人员在活动中手动颁发。同一枚勋章只能获得一次。

## 在哪里看进度
所有勋章都在「勋章墙」中。未获得的勋章下方写着获得条件和您当前的进度（例如「进度 12 / 30」）；手动颁发的勋章没有进度条。页面下方的「获得记录」按时间列出您获得的每一枚勋章。

## 勋章信封
获得勋章后，下次打开作者中心会弹出勋章信封，显示勋章名称、获得条件、寄语和增加的成长值，点「太棒了」或「查看更多勋章」即可。在章节编辑器页面不会弹出，以免打扰写作。

## 会被收回吗
勋章如因误发或不符合获得条件被收回，会从勋章墙上消失，还没拆开的勋章信封也不会再弹出。每一次授予和收回都会记录原因，有疑问可以联系您的${f.editor}。`,
  },
  {
    number: 48,
    category: 8,
    title: '新人写作营（训练营）怎么参加？怎么结业？',
    keywords:
      '写作营,新人写作营,训练营,课程,预约课程,毕业,结业,结业考试,训练营答题,荣誉墙,培训,学员,毕业信封,结业信封,优秀学员',
    body: `新人写作营（训练营）是为新作者安排的写作课程，每位学员属于一期。在「写作营」中可以：

- 预约课程、查看课表，错过的课程可以看回放补上；
- 查看自己的结业进度：听课、作业（这一期内发布的字数和章节）和结业考试；
- 结业后登上荣誉墙。

## 怎么结业
听完规定的课程、完成作业，并在「训练营答题」中通过结业考试，就从本期结业，三项中最后完成的那一项完成时即结业；分数达到优秀线的为优秀学员，其余为普通结业。运营人员也可以为您记录结业，每一期只记录一次。结业考试只对训练营学员开放。

## 结业信封和荣誉墙
结业后，下次打开作者中心会收到结业信封：顺利结业显示「恭喜顺利结业」，优秀学员显示「恭喜获得优秀学员」，点按钮可以前往「荣誉墙」，您的笔名和期数会显示在荣誉墙上。

写作营的入口在平台开放该功能时显示。`,
  },
  {
    number: 49,
    category: 8,
    title: '作者学院有什么内容？',
    keywords: '作者学院,写作技巧,学习,写作课,教程文章',
    body: `作者学院按分类整理了写作技巧文章，比如开篇、人设、节奏和题材选择，随时可以阅读学习。`,
  },

  // 9 工具与服务
  {
    number: 50,
    category: 9,
    title: '怎么请假？额度、审核和取消，请假期间不更新有影响吗？',
    keywords:
      '请假,断更,休息,不更新,停更,生病,请假管理,假期,请假额度,额度,每月额度,请假审核,请假结果,请假通过,请假被拒,取消请假,撤回请假,申请请假,提交请假,请假入口,剩余额度,假用完了',
    popular: true,
    body: `需要暂停更新时，请在「请假管理」中提交请假：选择请假的日期，填写原因后提交。建议提前请假，并在作品中告知读者。

## 额度
每月可请假的天数按作者等级设定，单次请假的最多天数也有限制。「请假管理」页顶部会显示您的额度和本月已用天数（审核中和已通过的请假都计入）。

## 审核和取消
请假是否需要审核由平台设置：需要审核时，结果会发到消息中心，并在请假管理页提示。请假记录和状态都可以在请假管理中查看。还没开始的请假可以取消，取消后额度退回。

## 请假期间不更新有影响吗
已批准的请假日不会让连续更新中断（连更天数和连更勋章），也不会因为这几天没有更新而影响相关的更新规则。

提交时提示失败，见《请假提交失败：常见原因和解决办法》。`,
  },
  {
    number: 51,
    category: 9,
    title: 'AI助理能做什么？怎么用？',
    keywords: 'AI助理,智能助手,机器人,AI,提问,问问题,助手',
    popular: true,
    body: `登录后，页面右侧有AI助理的悬浮按钮，点一下打开对话框。AI助理根据帮助中心的内容回答作者中心的使用和规则问题。

- 问题最多${AI_ASSISTANT.questionMaxLength}字，按Enter发送。
- 对答案不满意可以点「换一换」，看下一个相关答案；多个答案之间可以翻页查看。
- 每个答案可以标记「有用」或「无用」一次，帮助我们改进。
- 答案下方有帮助中心原文的链接，可以查看完整说明。
- ${AI_ASSISTANT_SCOPE}
- 对话记录只保存在当前浏览器中，最多保留最近${AI_ASSISTANT.historyMessages}条，可以随时清空。

不想看到悬浮按钮时可以把它隐藏，隐藏后右侧会留一个小标签，点它即可重新打开。在章节编辑器页面，AI助理不显示。`,
  },
  {
    number: 52,
    category: 9,
    title: '消息和公告在哪里看？',
    keywords: '消息,通知,公告,站内信,未读消息,消息中心',
    body: `页头的消息图标显示未读消息数量。在「消息」中查看系统消息和编辑通知，在「公告」中查看平台公告，可以一键全部标为已读。`,
  },
  {
    number: 53,
    category: 9,
    title: '浏览器提示不兼容怎么办？',
    keywords: '浏览器,不兼容,打不开,页面显示异常,版本太低,Chrome,升级浏览器',
    body: `作者中心需要较新的浏览器。低于以下版本时会提示不兼容，请升级浏览器：

${compatLines()}

推荐使用最新版的Chrome或Edge。`,
  },
  {
    number: 54,
    category: 9,
    title: '提示“设备时区似乎不准确”是怎么回事？',
    keywords: '时区,时间不对,时区提示,电脑时间,定时发布时间不对',
    body: `如果您的网络所在地的时区和电脑设置的时区不一致，作者中心每天最多提醒一次：您的设备时区似乎不准确，建议改为当前所在地的时区。

作者中心的结算日、定时发布等时间都按北京时间计算。电脑时区设置不正确，可能让您看错定时发布的时间，建议按提示调整。`,
  },
  {
    number: 55,
    category: 9,
    title: '我的责任编辑是谁？怎么联系？',
    keywords:
      '联系编辑,责任编辑,编辑是谁,找编辑,编辑联系方式,QQ群,我的编辑是谁,编辑是哪位,哪个编辑,编辑换了,换编辑,暂未分配,没有编辑,分配编辑,对接编辑',
    body: `每部作品可以有一位或几位${f.editor}，负责作品的签约审核、上架安排和日常沟通。

## 在哪里看
打开作品的「章节管理」页，字数统计旁写着“${f.editor}：编辑的名字”。显示“${f.editor}：暂未分配”，说明这部作品还没有对接的编辑。

## 怎么联系
页面顶部的编辑名录列出了编辑的联系方式。签约、上架、结算等问题都可以联系${f.editor}。还没有分配编辑时，或者有使用中的建议和问题，${FEEDBACK_WAY}。

## 编辑是怎么分配的
- ${f.editor}由平台的编辑部分配，可以按作品分配，也可以按作者（笔名）分配。
- 作品没有单独分配编辑时，显示负责您这个笔名的${f.editor}。
- 编辑的工作调整时，作品会移交给新的${f.editor}，页面上的名字随之更新，不需要您做任何操作。`,
  },
  {
    number: 57,
    category: 9,
    title: '帮助中心和AI助理的答案是怎么更新的？',
    keywords: '帮助中心,更新,答案不对,答案过时,没找到答案,找不到答案,反馈,有用,无用,内容更新',
    body: `帮助中心的问题由${f.platform}的运营人员编写和维护。规则或功能有变化时，运营人员会修改相关问题，修改发布后帮助中心的页面和搜索马上就是新的内容。

AI助理只根据帮助中心已发布的问题作答，不会凭猜测回答。帮助中心的内容更新后，AI助理的答案也随之更新，通常几秒钟内就会生效。

## 您可以怎样帮我们改进
- 每个答案下可以标记「有用」或「无用」，运营人员会查看标为「无用」的答案。
- AI助理回答“没有找到相关内容”的问题会被记录下来，运营人员据此补充新的帮助问题。
- 觉得某个问题说得不清楚，可以在问题页底部的「这篇文章解决了您的问题吗？」处选择「未解决」。

急需解答的问题，请联系您的${f.editor}，或${FEEDBACK_WAY}。`,
  },
  {
    number: 58,
    category: 3,
    title: '剧本申请是怎么审核的？',
    keywords: '剧本申请,剧本审核,改编申请,原创剧本,剧本没通过,剧本被拒,未通过原因,短剧,改编小说',
    body: `在「作品管理-剧本」点「剧本申请」，可以申请写一部原创剧本，或把自己已经发布章节的长篇小说改编成剧本。提交后由${f.client}的${f.editor}审核。

## 需要提交什么
- 剧本名称（最多${S.titleMax}字）、剧本类型和计划集数（${S.episodesMin}~${S.episodesMax}集）。
- 剧情梗概（${S.synopsisMin}~${S.synopsisMax}字）：写清主线、主要人物和看点，这是审核最主要的依据。
- 改编申请要选择自己名下、已经发布章节的小说；同一部小说同时只能有一份审核中的改编申请。
- 联系备注（选填）：方便${f.editor}联系您的方式或时间，只有审核的编辑能看到。
- 同时审核中的申请最多${S.pendingMax}份。

## 怎么审核
${f.editor}会阅读您的梗概，看题材和方向是否适合平台、故事是否完整；改编申请还会查看原著小说。审核结果有两种：
- 已通过：申请卡片显示「已通过」，${f.editor}有留言时一并显示。
- 未通过：申请卡片显示「未通过」和「未通过原因」，这就是${f.editor}写给您的意见。不通过时一定会写明原因。

有结果时，消息中心会收到一条来自${f.editor}的消息，点开可以回到剧本申请页。

## 没有通过怎么办
按「未通过原因」修改梗概后，可以重新提交一份新的申请；原来的申请和原因会保留，方便对照。对意见有疑问，可以联系${f.editor}。

## 撤销申请
还在审核中的申请可以撤销；已经审核完的申请不能撤销，审核结果提交后也不会再更改。`,
  },
  {
    number: 61,
    category: 9,
    title: '为什么有的公告我看不到？公告会被撤回吗？',
    keywords: '公告看不到,没收到公告,别人有公告,签约作者公告,学员公告,定时公告,公告撤回,公告消失了,编辑消息,私信',
    body: `${f.platform}的公告由运营人员发布，每条公告都有发送对象：

- 全部作者：所有作者都能看到。
- 签约作者：只有已经签约的作者能看到；签约之后，发给签约作者的公告也会出现在您的公告里。
- 新人学员：只有新人写作营的学员能看到。
- 指定作者：只发给运营人员指定的几位作者。

所以同一时间，不同作者看到的公告可能不一样。

## 定时公告和撤回
- 公告可以定时发布（按北京时间），到了发布时间才出现在公告列表里，之前任何作者都看不到。
- 内容有误的公告可能会被撤回，撤回后就从公告列表里消失；通常运营人员会再发一条更正的公告。

## 消息
「消息」是单独发给您一个人的，比如${f.editor}的留言、签约和稿酬的进度提醒。有链接的消息，点「查看详情」可以直接去处理。

页头的消息图标显示未读的消息和公告数量，打开一条就算已读，也可以一键全部标为已读。`,
  },
];

function compatLines(): string {
  const label: Record<string, string> = {
    chrome: 'Chrome',
    edge: 'Edge',
    qq: 'QQ浏览器',
    firefox: 'Firefox',
    ie: 'IE',
    safari: 'Safari',
  };
  const lines: string[] = [];
  for (const [os, versions] of Object.entries(MIN_BROWSER_VERSIONS)) {
    const list = Object.entries(versions)
      .map(([browser, v]) => `${label[browser] ?? browser} ${v}`)
      .join('、');
    lines.push(`- ${os === 'windows' ? 'Windows' : 'macOS'}：${list}`);
  }
  return lines.join('\n');
}

/**
 * Each capability's own articles (`seed/help/<capability>.ts`), one entry per capability. Article numbers are
 * unique across all of them.
 */
const CAPABILITY_ARTICLES: Array<(f: Facts) => HelpSeedArticle[]> = [
  creativeArticles,
  incomeArticles,
  tripupsArticles,
  publicPagesArticles,
  contractsArticles,
  growthArticles,
  commentsArticles,
  authorQuestionsArticles,
];

/**
 * Standard articles merged into another because both answered the same question: retired number → the number
 * that holds the merged article. The old address still leads there (help.service), and migration 202612120001
 * applies the merge to brands seeded before it. A retired number is never seeded again.
 */
export const RETIRED_ARTICLES: ReadonlyMap<number, number> = new Map([
  [59, 55], // 我的责任编辑是谁 → 我的责任编辑是谁？怎么联系？
  [220, 47], // 勋章是怎么获得的 → 勋章是怎么获得的？怎么看进度？会被收回吗？
  [225, 48], // 训练营怎么结业 → 新人写作营（训练营）怎么参加？怎么结业？
  [226, 50], // 请假额度、审核与取消 → 怎么请假？额度、审核和取消…
]);

/**
 * How authors ask what each standard article answers (help/asked.json, by `<category>-<article>`), in authors' own
 * words (jargon, typos and situations included), with no question of the AI evaluation set in sight: first 60 an
 * article (46 in Chinese, 14 in English) and then 40 more, written from the article's text and the list of titles;
 * after them the fourth and fifth rounds, questions written from the help centre's category list alone and labelled
 * with the article that answers them (bench/ai-eval/README.md). Seeded as help_articles.asked, which search and the
 * assistant match line by line; admins edit them with the article.
 */
const ASKED_BY_ARTICLE: Readonly<Record<string, readonly string[]>> = ASKED;

export interface StandardArticle extends HelpSeedArticle {
  asked: readonly string[];
}

/** The standard categories and articles with the brand's own facts. */
export function helpSeedFor(brand: BrandSettings): { categories: HelpSeedCategory[]; articles: StandardArticle[] } {
  const facts = factsOf(brand);
  return {
    categories: HELP_SEED_CATEGORIES,
    articles: [...articles(facts), ...CAPABILITY_ARTICLES.flatMap((more) => more(facts))].map((a) => ({
      ...a,
      asked: ASKED_BY_ARTICLE[`${a.category}-${a.number}`] ?? [],
    })),
  };
}

/** An article's ways of asking as stored (help_articles.asked): a question a line. */
export const askedText = (asked: readonly string[]) => asked.join('\n');
