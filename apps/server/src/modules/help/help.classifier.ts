import { Worker } from 'node:worker_threads';
import { tokenize } from '../../platform/providers/ai/text-index.ts';
import OUT_OF_SCOPE_QUESTIONS from '../../seed/help/out-of-scope.json' with { type: 'json' };
import type { ArticleRow, CategoryRow } from './help.repository.ts';
import { askedLines, OUT_OF_SCOPE, passagesOf, questionIds, retrievalQuery } from './help.retrieval.ts';

/**
 * Which article a question asks for, learnt from how authors ask each article (help_articles.asked), its title,
 * keywords and paragraphs: a softmax regression over the question's words, characters and bigrams. Lexical search
 * scores the words a question shares with one text; the classifier weighs each word by how well it tells an article
 * from its neighbours over all of their ways of asking ('稿酬' is said of many articles, '几号' of the one on when
 * royalties are paid), which is where the lexical ranking went wrong. Its probability is added to the ranking (see
 * CLASSIFIER_WEIGHT in help.retrieval.ts); what is found, and whether anything is, stays lexical.
 *
 * Chosen on the training questions and on a tenth of the ways of asking held back from training (2026-11-28,
 * bench/ai-eval/README.md): one pass of 5 epochs of AdaGrad, learning rate 0.5, no penalty.
 */
const EPOCHS = 5;
const LEARNING_RATE = 0.5;

export interface TrainingExample {
  /** The article's ids ('3-17'). */
  ids: string;
  text: string;
}

/**
 * The learnt weights: one row of class weights for each feature, row-major, kept in 8 bits (a weight is
 * `weights[i] * weightUnit`): a quarter of the memory, and the same first article for 853 of the 855 training
 * questions.
 */
export interface ClassifierModel {
  classes: string[];
  features: string[];
  weights: Int8Array;
  weightUnit: number;
  bias: Float32Array;
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * What the classifier reads of a text: its tokens as written and as retrieval reads them (the asking words dropped,
 * English read through the glossary), and the pairs of adjacent words ('注册 两个', 'minimum pay'): which word goes
 * with which tells neighbouring articles apart where the words alone do not.
 */
export function classifierFeatures(text: string): string[] {
  const features = new Set(tokenize(text));
  for (const token of tokenize(retrievalQuery(text))) features.add(`q:${token}`);
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text.normalize('NFKC').toLowerCase()))
    if (isWordLike) words.push(segment);
  for (let i = 0; i + 1 < words.length; i++) features.add(`${words[i]} ${words[i + 1]}`);
  return [...features];
}

/**
 * An article's examples: its title, each way of asking, its keywords and each paragraph; and the questions no article
 * answers, as a class of their own (OUT_OF_SCOPE).
 */
export function classifierExamples(categories: CategoryRow[], articles: ArticleRow[]): TrainingExample[] {
  const categoryNumber = new Map(categories.map((c) => [c.id, c.number]));
  const out: TrainingExample[] = [];
  for (const a of articles) {
    const number = categoryNumber.get(a.category_id);
    if (number === undefined) continue;
    const ids = questionIds(number, a.number);
    for (const text of [a.title, ...askedLines(a.asked), a.keywords, ...passagesOf(a.body)])
      if (text.trim()) out.push({ ids, text });
  }
  for (const text of OUT_OF_SCOPE_QUESTIONS.questions) out.push({ ids: OUT_OF_SCOPE, text });
  return out;
}

/** Whether two lists of examples are the same (a classifier trained on one is the classifier of the other). */
export function sameExamples(a: TrainingExample[], b: TrainingExample[]): boolean {
  return a.length === b.length && a.every((e, i) => e.ids === b[i].ids && e.text === b[i].text);
}

/** A fixed-seed generator, so the same examples always give the same model. */
function seededRandom(): () => number {
  let seed = 1;
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/**
 * Softmax regression by stochastic gradient descent with AdaGrad. Each example's features are scaled by
 * 1/√(their number), so a long paragraph does not outweigh a short question.
 */
export function trainClassifier(examples: TrainingExample[]): ClassifierModel {
  const classes = [...new Set(examples.map((e) => e.ids))];
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const featureIndex = new Map<string, number>();
  const rows = examples.map((e) => ({
    label: classIndex.get(e.ids) as number,
    features: classifierFeatures(e.text).map((f) => {
      let i = featureIndex.get(f);
      if (i === undefined) {
        i = featureIndex.size;
        featureIndex.set(f, i);
      }
      return i;
    }),
  }));
  const k = classes.length;
  const weights = new Float32Array(featureIndex.size * k);
  const squaredGradients = new Float32Array(featureIndex.size * k).fill(1e-8);
  const bias = new Float32Array(k);
  const gradient = new Float64Array(k);
  const order = rows.map((_, i) => i);
  const random = seededRandom();
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const n of order) {
      const { label, features } = rows[n];
      const scale = 1 / Math.sqrt(features.length || 1);
      softmaxInto(gradient, weights, bias, features, scale);
      gradient[label] -= 1;
      for (let c = 0; c < k; c++) bias[c] -= LEARNING_RATE * 0.1 * gradient[c];
      for (const f of features) {
        const row = f * k;
        for (let c = 0; c < k; c++) {
          const g = gradient[c] * scale;
          squaredGradients[row + c] += g * g;
          weights[row + c] -= (LEARNING_RATE * g) / Math.sqrt(squaredGradients[row + c]);
        }
      }
    }
  }
  let largest = 0;
  for (let i = 0; i < weights.length; i++) largest = Math.max(largest, Math.abs(weights[i]));
  const weightUnit = largest / 127 || 1;
  const stored = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) stored[i] = Math.round(weights[i] / weightUnit);
  return { classes, features: [...featureIndex.keys()], weights: stored, weightUnit, bias };
}

/** The class probabilities of a text with these feature rows (weights times `scale`), written into `out`. */
function softmaxInto(
  out: Float64Array,
  weights: Float32Array | Int8Array,
  bias: Float32Array,
  features: number[],
  scale: number,
): void {
  const k = bias.length;
  for (let c = 0; c < k; c++) out[c] = bias[c];
  for (const f of features) {
    const row = f * k;
    for (let c = 0; c < k; c++) out[c] += scale * weights[row + c];
  }
  let max = -Infinity;
  for (let c = 0; c < k; c++) max = Math.max(max, out[c]);
  let sum = 0;
  for (let c = 0; c < k; c++) {
    out[c] = Math.exp(out[c] - max);
    sum += out[c];
  }
  for (let c = 0; c < k; c++) out[c] /= sum;
}

export class ArticleClassifier {
  readonly #model: ClassifierModel;
  readonly #featureIndex: Map<string, number>;

  constructor(model: ClassifierModel) {
    this.#model = model;
    this.#featureIndex = new Map(model.features.map((f, i) => [f, i]));
  }

  /** Each article's probability of being the one the question asks for, by ids. */
  probabilities(question: string): Map<string, number> {
    const features: number[] = [];
    for (const f of classifierFeatures(question)) {
      const i = this.#featureIndex.get(f);
      if (i !== undefined) features.push(i);
    }
    const { classes, weights, weightUnit, bias } = this.#model;
    const p = new Float64Array(classes.length);
    softmaxInto(p, weights, bias, features, weightUnit / Math.sqrt(features.length || 1));
    return new Map(classes.map((ids, c) => [ids, p[c]]));
  }
}

/**
 * Trains in a worker thread: a second or two of arithmetic that must not stall the server's requests. Undefined
 * when the worker fails (retrieval then ranks without the classifier).
 */
function trainInWorker(examples: TrainingExample[]): Promise<ArticleClassifier | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./help.classifier.worker.ts', import.meta.url), { workerData: examples });
    worker.unref();
    worker.once('message', (model: ClassifierModel) => resolve(new ArticleClassifier(model)));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}

/**
 * The classifiers trained lately, by their examples: brands holding the same standard articles share one, as do
 * rebuilds of an index whose articles did not change (a category renamed, an article published elsewhere). At most
 * CLASSIFIERS_KEPT.
 */
const classifiers = new Map<string, Promise<ArticleClassifier | undefined>>();
const CLASSIFIERS_KEPT = 4;

export function classifierFor(examples: TrainingExample[]): Promise<ArticleClassifier | undefined> {
  const key = examples.map(({ ids, text }) => `${ids}\t${text}`).join('\n');
  let classifier = classifiers.get(key);
  if (!classifier) {
    if (classifiers.size >= CLASSIFIERS_KEPT) classifiers.delete(classifiers.keys().next().value as string);
    classifier = trainInWorker(examples);
    classifiers.set(key, classifier);
    // A failed training is tried again by the next build.
    classifier.then((trained) => trained || classifiers.delete(key));
  }
  return classifier;
}
