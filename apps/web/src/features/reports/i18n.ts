import { addNamespace } from '../../i18n/index.ts';

/** The report centre's strings (`useTranslation('reports')`): zh-CN first, en-US complete. */
export const REPORTS_NS = 'reports';

const zhCN = {
  title: '举报中心',
  lead: '发现作品侵权、内容违法违规或抄袭？验证手机号后即可举报，并随时凭举报编号查询处理进度。举报人信息严格保密，不会告知被举报的作者。',
  verify: {
    title: '验证手机号',
    phone: '手机号',
    phonePlaceholder: '请输入手机号',
    phoneRule: '请输入正确的手机号',
    code: '验证码',
    codePlaceholder: '请输入验证码',
    codeRule: '请输入验证码',
    submit: '验证',
    verified: '已验证手机号 {{phone}}',
    change: '更换手机号',
    expired: '手机验证已过期，请重新验证',
  },
  tabs: { file: '我要举报', follow: '查询进度' },
  form: {
    targetType: '举报对象',
    targets: { book: '作品', chapter: '章节', comment: '评论', site: '外站盗版' },
    bookId: '作品ID',
    bookIdHint: '作品页地址中的数字，例如 /book/10086 中的 10086',
    bookIdOptional: '被盗版的作品ID（选填）',
    chapterId: '章节ID',
    comment: '评论内容或链接',
    siteUrl: '盗版网站网址',
    reason: '举报原因',
    reasons: { infringement: '侵权', illegal: '违法违规', plagiarism: '抄袭' },
    originalUrl: '原作链接',
    originalUrlHint: '举报抄袭需填写被抄袭原作的链接',
    description: '举报说明',
    descriptionPlaceholder: '请具体说明侵权或违规的内容、位置（至少10个字）',
    evidence: '证据材料',
    evidenceHint: '支持 JPG、PNG、WebP、GIF 图片和 PDF、Word（docx）文档，单个不超过10MB，最多9个',
    upload: '上传文件',
    required: '请填写{{field}}',
    submit: '提交举报',
    submitted: '举报已提交',
    caseNo: '举报编号：{{no}}',
    keepNo: '请记下举报编号，凭编号和本手机号可查询处理进度。',
    another: '继续举报',
    viewCase: '查看进度',
  },
  follow: {
    caseNo: '举报编号',
    caseNoPlaceholder: '例如 JB20261124123456',
    search: '查询',
    mine: '本手机号的举报',
    none: '本手机号还没有举报记录',
    steps: '处理进度',
    evidence: '证据材料',
    target: '举报对象',
    reason: '举报原因',
    description: '举报说明',
    submittedAt: '提交时间',
    supplyTitle: '补充材料',
    supplyNote: '补充说明',
    supplySubmit: '提交补充材料',
    supplied: '补充材料已提交',
  },
  states: { submitted: '待受理', in_review: '处理中', need_more: '待补充材料', closed: '已办结' },
  decisions: { upheld: '举报成立', rejected: '举报不成立' },
  stepKinds: {
    submitted: '提交举报',
    assigned: '工作人员已受理',
    asked: '需要补充材料',
    supplied: '已补充材料',
    decided: '处理结果',
  },
};

export type ReportsMessages = typeof zhCN;

addNamespace(REPORTS_NS, zhCN, () => import('./i18n.en-US.ts'));
