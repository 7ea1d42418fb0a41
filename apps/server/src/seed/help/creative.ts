import { COVER_LIMITS, ILLUSTRATION_LIMITS } from '@author-centre/shared';
import type { Facts, HelpSeedArticle } from '../help-articles.ts';

/** The cover maker and interactive images (issue 17): articles 140–143, category 3 写作与发布. */
export function creativeArticles(f: Facts): HelpSeedArticle[] {
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;
  return [
    {
      number: 140,
      category: 3,
      title: '用模板制作封面的步骤',
      keywords: '封面制作,模板做封面,选模板,字体,书名颜色,字号,实时预览,再次编辑,600×800,书皮,封皮,书封,自己做封面',
      body: `没有现成的封面图，可以在「封面制作」里用模板做一张，几分钟就能完成。

1. 进入作品的「作品信息」页，点击「用模板制作封面」（也可以直接打开「封面制作」再选择作品）。
2. 选择一个模板，书名和笔名会自动填入，可以再加一句宣传语和分类。
3. 在「文字样式」里分别调整书名、笔名、宣传语、分类的字体、字号、颜色、位置和对齐方式。
4. 右侧是实时预览，和最终生成的封面使用同一套字体，看到什么，读者就看到什么。
5. 点击「保存为作品封面」，服务器按600×800（另有1200×1600高清版）生成封面，并立即成为作品封面。

以后想改，再次打开「封面制作」，上次的模板和设置都还在，改完重新保存即可。封面文字不能含有敏感词，否则会提示具体是哪个词。

封面字体是思源宋体、思源黑体等开源字体（SIL Open Font License），可以放心用于作品封面。${f.platform}的封面同样需要审核。`,
    },
    {
      number: 141,
      category: 3,
      title: '封面背景图片有什么要求？',
      keywords: '封面背景,上传背景图,背景图片要求,背景图尺寸,图片太小,图片无法识别,自己的图片做封面',
      body: `在「封面制作」中可以上传自己的背景图片，代替模板自带的背景。

- 格式：JPG、PNG 或 WebP，按图片内容识别，改文件后缀没有用；
- 大小：小于${mb(COVER_LIMITS.backgroundMaxBytes)}；
- 尺寸：最短边至少${COVER_LIMITS.backgroundMinSide}像素，最长边不超过${COVER_LIMITS.backgroundMaxSide}像素；
- 图片会按封面比例（3:4）居中裁切并重新压缩，照片里的拍摄时间、地点等信息不会保留。

上传后点击「使用模板背景」可以换回模板的背景。请只使用您有权使用的图片。`,
    },
    {
      number: 142,
      category: 3,
      title: '互动插图是什么？怎么给章节的段落配插图？',
      keywords:
        '互动插图,插图,章节图片,章节配图,段落插图,上传插图,插图说明,调整插图顺序,删除插图,插图同步阅读站,互动插图怎么用,配图,放图,插画,加图片,段落配图',
      body: `互动插图是作者配在章节段落旁的图片，读者读到这一段时就能看到。

在「互动插图」中选择作品，找到章节后点击「配图」：

1. 每一段正文下面都有「上传图片」，图片会配在这一段；
2. 可以给图片写一句说明（最多${ILLUSTRATION_LIMITS.captionMax}字），用上移、下移调整顺序，或移到别的段落；
3. 不要的图片点击「移除」；
4. 改完点击「保存插图」。

图片要求：JPG、PNG、WebP 或 GIF，小于${mb(ILLUSTRATION_LIMITS.imageMaxBytes)}，边长${ILLUSTRATION_LIMITS.minSide}~${ILLUSTRATION_LIMITS.maxSide}像素；会被重新压缩，宽度最大${ILLUSTRATION_LIMITS.storedMaxWidth}像素，不保留拍摄信息。每章最多${ILLUSTRATION_LIMITS.perChapter}张。

已发布的章节，保存后插图就会同步到阅读站；草稿章节的插图会在章节发布时一起出现。`,
    },
    {
      number: 143,
      category: 3,
      title: 'AI配图怎么用？每天能生成几张？',
      keywords: 'AI配图,AI生成插图,AI画图,换一张,生成记录,AI配图次数,AI配图暂未开放,AI插图用不了',
      body: `在「互动插图」的章节配图页，每一段下面有「AI配图」：可以写一句画面描述，不写就根据这一段的内容生成。

- 不满意可以点「换一张」，用同样的描述再生成；
- 「生成记录」里保留这一段生成过的所有图片，选中「使用这张」就配到这一段，最后记得「保存插图」；
- 每位作者每天最多生成${ILLUSTRATION_LIMITS.aiDailyLimit}张（按北京时间计算），页面上会显示当日剩余的张数。

如果页面提示「AI配图暂未开放」，说明平台还没有配置图片生成服务，这时仍然可以上传自己的图片配图。`,
    },
  ];
}
