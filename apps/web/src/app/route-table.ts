import type { PageKey } from '@author-centre/shared/constants';
import type { ComponentType } from 'react';

/**
 * THE ROUTE TABLE of spec §2. Every page of the author centre is one row here.
 *
 * - `id` is the route's name (e.g. 'ReportStudio'); `title` its Chinese title, used in the page
 *   title `<title>-<titleName>`; en-US titles live in i18n/en-US.ts under `routeTitle.<id>`.
 * - `needsLogin` follows §2; `pageKey` is the key pop-ups and guides are configured by.
 * - `page` lazy-loads the screen. A row without `page` shows NotAvailableYet: the issue that owns
 *   the capability adds its page here (`page: () => import('../features/<feature>/XPage.tsx')`).
 */
export type PageModule = { default: ComponentType };

export interface AppRoute {
  id: string;
  path: string;
  title: string;
  needsLogin: boolean;
  pageKey?: PageKey;
  page?: () => Promise<PageModule>;
}

const open = (id: string, path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  id,
  path,
  title,
  needsLogin: false,
  ...extra,
});
const auth = (id: string, path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  id,
  path,
  title,
  needsLogin: true,
  ...extra,
});

/** Pages under the front layout (header, footer, right bar). */
export const FRONT_ROUTES: AppRoute[] = [
  // Sign-in: any path containing /front/register-login needs no login.
  open('Login', '/front/register-login/login', '登录', { page: () => import('../features/auth/LoginPage.tsx') }),
  open('Register', '/front/register-login/register', '注册', {
    page: () => import('../features/auth/RegisterPage.tsx'),
  }),
  open('ResetPassword', '/front/register-login/reset-password', '找回密码', {
    page: () => import('../features/auth/ResetPasswordPage.tsx'),
  }),

  // Help centre (public).
  open('HelpCenterHome', '/front/help-center/home', '帮助中心', {
    page: () => import('../features/help-center/HelpHomePage.tsx'),
  }),
  open('HelpCenterQuestions', '/front/help-center/questions', '问题列表', {
    page: () => import('../features/help-center/HelpQuestionsPage.tsx'),
  }),
  open('HelpCenterQuestionDetail', '/front/help-center/questions/:ids', '问题详情', {
    page: () => import('../features/help-center/HelpQuestionDetailPage.tsx'),
  }),
  open('HelpCenterSearch', '/front/help-center/search', '搜索结果', {
    page: () => import('../features/help-center/HelpSearchPage.tsx'),
  }),

  // Other public pages.
  open('ActivityList', '/front/activity/list', '活动中心', {
    page: () => import('../features/public-pages/ActivityListPage.tsx'),
  }),
  open('AdaptBookList', '/front/screenplay/adapt-book-list', '改编书单', {
    page: () => import('../features/public-pages/AdaptBookListPage.tsx'),
  }),
  open('AdaptBookListSearch', '/front/screenplay/adapt-book-list/search', '改编书单搜索', {
    page: () => import('../features/public-pages/AdaptBookListPage.tsx'),
  }),
  open('AgreementPrivacy', '/front/page/agreement/privacy', '隐私政策', {
    page: () => import('../features/public-pages/AgreementPage.tsx'),
  }),
  open('AgreementUser', '/front/page/agreement/user', '用户协议', {
    page: () => import('../features/public-pages/AgreementPage.tsx'),
  }),
  open('AgreementPublish', '/front/page/agreement/publish', '作品发布协议', {
    page: () => import('../features/public-pages/AgreementPage.tsx'),
  }),
  open('Article', '/front/article/:id', '文章详情', {
    page: () => import('../features/public-pages/ArticlePage.tsx'),
  }),
  open('CustomActivity', '/front/custom-activity/:id', '活动详情', {
    page: () => import('../features/public-pages/ActivityPage.tsx'),
  }),
  open('ExampleLayout', '/front/example/layout', '布局示例', {
    page: () => import('../features/example/LayoutExamplePage.tsx'),
  }),
  // Listed under "login required" too, but the route named ReportStudio is allowed without login (§2).
  open('ReportStudio', '/front/report-studio', '举报中心', {
    page: () => import('../features/reports/ReportStudioPage.tsx'),
  }),

  // Login required.
  auth('Index', '/front/index', '首页', { pageKey: 'index', page: () => import('../features/home/HomePage.tsx') }),
  auth('Message', '/front/message', '消息中心', { page: () => import('../features/messages/MessagePage.tsx') }),
  auth('Notice', '/front/notice', '公告', { page: () => import('../features/messages/NoticePage.tsx') }),
  auth('VacationManage', '/front/vacation-manage', '请假管理', {
    page: () => import('../features/growth/VacationManagePage.tsx'),
  }),
  auth('BookData', '/front/book-data', '作品数据', {
    page: () => import('../features/book-data/BookDataPage.tsx'),
  }),

  auth('BookManageList', '/front/book-manage/list', '作品管理', {
    page: () => import('../features/works/BookListPage.tsx'),
  }),
  auth('BookManageShort', '/front/book-manage/short', '短篇管理', {
    page: () => import('../features/works/ShortListPage.tsx'),
  }),
  auth('BookManageScreenplay', '/front/book-manage/screenplay', '剧本管理', {
    page: () => import('../features/works/ScreenplayListPage.tsx'),
  }),
  auth('BookManageOnlineSign', '/front/book-manage/online-sign', '在线签约', {
    page: () => import('../features/contracts/OnlineSignPage.tsx'),
  }),
  auth('BookManageInformation', '/front/book-manage/information', '作品信息', {
    pageKey: 'book-manage_information',
    page: () => import('../features/works/BookInfoPage.tsx'),
  }),
  auth('BookManageManage', '/front/book-manage/manage', '章节管理', {
    page: () => import('../features/works/ChapterManagePage.tsx'),
  }),
  auth('BookManageDraft', '/front/book-manage/draft', '草稿箱', {
    page: () => import('../features/works/DraftPage.tsx'),
  }),
  auth('BookManageStage', '/front/book-manage/stage', '作品成长阶段', {
    page: () => import('../features/works/StagePage.tsx'),
  }),
  auth('ScreenplayInformation', '/front/book-manage/screenplay/information', '剧本信息', {
    page: () => import('../features/works/ScreenplayInfoPage.tsx'),
  }),
  auth('ScreenplayManage', '/front/book-manage/screenplay/manage', '剧本章节管理', {
    page: () => import('../features/works/ChapterManagePage.tsx'),
  }),
  auth('ScreenplayApplication', '/front/book-manage/screenplay/application', '剧本申请', {
    page: () => import('../features/works/ScreenplayApplicationPage.tsx'),
  }),
  auth('ShortInformation', '/front/book-manage/short/information', '短篇信息', {
    pageKey: 'short-book-manage_information',
    page: () => import('../features/works/ShortInfoPage.tsx'),
  }),

  auth('BookUploadShortSuccess', '/front/book-upload/short/success', '发布成功', {
    page: () => import('../features/works/editor/ShortSuccessPage.tsx'),
  }),
  auth('BookUpload', '/front/book-upload', '章节编辑', {
    pageKey: 'book-upload-editor',
    page: () => import('../features/works/editor/EditorPage.tsx'),
  }),
  auth('BookUploadShort', '/front/book-upload/short', '短篇编辑', {
    pageKey: 'short-book-upload-editor',
    page: () => import('../features/works/editor/ShortEditorPage.tsx'),
  }),

  auth('CommentList', '/front/comment-manage/list', '评论管理', {
    pageKey: 'comment-index',
    page: () => import('../features/comments/CommentsPage.tsx'),
  }),
  auth('CommentFold', '/front/comment-manage/fold', '折叠评论', {
    page: () => import('../features/comments/CommentFoldPage.tsx'),
  }),

  auth('SettlementSummary', '/front/income-manage/settlement-summary', '结算汇总', {
    page: () => import('../features/income/SettlementPage.tsx'),
  }),
  auth('MonthSettlement', '/front/income-manage/settlement-summary/month-settlement', '月度结算', {
    page: () => import('../features/income/SettlementPage.tsx'),
  }),
  auth('FranchiseSettle', '/front/income-manage/settlement-summary/franchise-settle', '版权结算', {
    page: () => import('../features/income/FranchisePage.tsx'),
  }),
  auth('IncomeSummary', '/front/income-manage/settlement-summary/income-summary', '收入汇总', {
    page: () => import('../features/income/SummaryPage.tsx'),
  }),
  auth('IncomeSummaryZh', '/front/income-manage/settlement-summary/income-summary-zh', '合作平台收入汇总', {
    page: () => import('../features/income/ZhDailyPage.tsx'),
  }),
  auth('IncomeDaily', '/front/income-manage/daily', '每日收入', {
    page: () => import('../features/income/DailyPage.tsx'),
  }),
  auth('IncomeZhDaily', '/front/income-manage/zh-daily', '合作平台每日收入', {
    page: () => import('../features/income/ZhDailyPage.tsx'),
  }),
  auth('SettlementSummaryZh', '/front/income-manage/settlement-summary-zh', '合作平台结算汇总', {
    page: () => import('../features/income/SettlementZhPage.tsx'),
  }),
  auth('IncomeSubscription', '/front/income-manage/subscription', '订阅收入', {
    page: () => import('../features/income/SubscriptionPage.tsx'),
  }),
  auth('IncomeReward', '/front/income-manage/reward', '打赏收入', {
    page: () => import('../features/income/RewardPage.tsx'),
  }),
  auth('IncomeChannel', '/front/income-manage/channel', '渠道收入', {
    page: () => import('../features/income/ChannelPage.tsx'),
  }),
  auth('IncomeWelfare', '/front/income-manage/welfare', '福利收入', {
    page: () => import('../features/income/WelfarePage.tsx'),
  }),

  auth('MyContract', '/front/my-contract', '我的合同', {
    page: () => import('../features/contracts/MyContractPage.tsx'),
  }),
  auth('MyPost', '/front/my-post', '我的帖子', { page: () => import('../features/forum/MyPostPage.tsx') }),
  auth('PersonalInformation', '/front/personal-information', '个人信息', {
    page: () => import('../features/contracts/PersonalInformationPage.tsx'),
  }),
  auth('AuthorLevel', '/front/author-level', '作者等级', {
    page: () => import('../features/growth/AuthorLevelPage.tsx'),
  }),

  auth('ReaderErrorCorrection', '/front/reader-error-correction', '读者纠错', {
    pageKey: 'reader-error-correction',
    page: () => import('../features/comments/CorrectionsPage.tsx'),
  }),
  auth('ReaderErrorCorrectionDetail', '/front/reader-error-correction/detail', '纠错详情', {
    pageKey: 'reader-error-correction-detail',
    page: () => import('../features/comments/CorrectionDetailPage.tsx'),
  }),
  auth('InteractiveImages', '/front/interactive-images', '互动插图', {
    page: () => import('../features/creative/InteractiveImagesPage.tsx'),
  }),
  auth('InteractiveImagesDetail', '/front/interactive-images/detail', '插图详情', {
    page: () => import('../features/creative/InteractiveImagesDetailPage.tsx'),
  }),

  auth('GraduationProgress', '/front/writing-camp/graduation-progress', '结业进度', {
    page: () => import('../features/growth/CampProgressPage.tsx'),
  }),
  auth('CourseAppointment', '/front/writing-camp/course-appointment', '课程预约', {
    page: () => import('../features/growth/CampPages.tsx'),
  }),
  auth('Curriculum', '/front/writing-camp/curriculum', '课程表', {
    page: () => import('../features/growth/CampPages.tsx'),
  }),
  auth('HonorWall', '/front/writing-camp/honor-wall', '荣誉墙', {
    page: () => import('../features/growth/HonorWallPage.tsx'),
  }),

  auth('Examine', '/front/examine', '审核中心', { page: () => import('../features/growth/ExaminePage.tsx') }),
  auth('CustomPicture', '/front/custom-picture', '封面制作', {
    pageKey: 'custom-picture',
    page: () => import('../features/creative/CustomPicturePage.tsx'),
  }),
  auth('AuthorCollege', '/front/author-college', '作家学院', {
    page: () => import('../features/growth/CollegePages.tsx'),
  }),
  auth('AuthorCollegeList', '/front/author-college/list', '学院文章', {
    page: () => import('../features/growth/CollegeListPage.tsx'),
  }),
  auth('Answer', '/front/page/answer', '答题', { page: () => import('../features/growth/ExamPage.tsx') }),
  auth('WritingCampAnswer', '/front/page/writing-camp-answer', '训练营答题', {
    page: () => import('../features/growth/CampAnswerPage.tsx'),
  }),
  auth('MedalWall', '/front/page/medal-wall', '勋章墙', { page: () => import('../features/home/MedalWallPage.tsx') }),
];

/** Pages outside /front, without the front layout. Errors are ignored on /sign-detail (§2). */
export const BARE_ROUTES: AppRoute[] = [
  open('SignDetail', '/sign-detail', '签约详情', { page: () => import('../features/contracts/SignDetailPage.tsx') }),
];

/**
 * The operations console (editors and admins): its own route group, loaded only when /admin is
 * opened, with its own screen table (`apps/web/src/console/screens.ts`).
 */
export const CONSOLE_ROUTE = open('Console', '/admin/*', '运营后台', {
  page: () => import('../console/ConsoleApp.tsx'),
});

/** Pages the foundation itself renders. */
export const ERROR_ROUTE = open('Error', '/front/error', '出错了');
export const NOT_FOUND_ROUTE = open('NotFound', '*', '页面不存在');

/** Redirects of §2. The query string is carried over. Listed most specific first. */
export const REDIRECTS: { from: string; to: string }[] = [
  { from: '/', to: '/front/index' },
  { from: '/front', to: '/front/index' },
  { from: '/front/register-login', to: '/front/register-login/login' },
  { from: '/front/help-center', to: '/front/help-center/home' },
  { from: '/front/help-center/write-guide/65', to: '/front/help-center/questions/1-12' },
  { from: '/front/help-center/write-guide', to: '/front/help-center/home' },
  { from: '/front/help-center/write-guide/*', to: '/front/help-center/home' },
  { from: '/front/help-center/common-question', to: '/front/help-center/home' },
  { from: '/front/help-center/common-question/*', to: '/front/help-center/home' },
];

export const ALL_ROUTES: AppRoute[] = [...FRONT_ROUTES, ...BARE_ROUTES, CONSOLE_ROUTE, ERROR_ROUTE, NOT_FOUND_ROUTE];
