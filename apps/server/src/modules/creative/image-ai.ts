/**
 * AI pictures for interactive images. Generation needs an image provider; there is no embedded one
 * (an offline image model is not something this server ships), so without configuration the page
 * says plainly that AI pictures are not available and everything else works.
 *
 * The adapter speaks the OpenAI-compatible images API (POST <url>/images/generations), configured by
 *   IMAGE_AI_URL   e.g. https://api.openai.com/v1 or a local compatible server
 *   IMAGE_AI_KEY   sent as a bearer token (optional for local servers)
 *   IMAGE_AI_MODEL e.g. gpt-image-1 or dall-e-3
 */

export interface ImageRequest {
  prompt: string;
  signal?: AbortSignal;
}

export interface ImageProvider {
  readonly name: string;
  readonly model: string;
  /** The picture's bytes (any common format: the caller checks and re-encodes them). */
  generate(request: ImageRequest): Promise<Buffer>;
}

/** The provider failed (network, timeout, refusal, bad reply): the author may try again. */
export class ImageProviderError extends Error {}

export interface OpenAiImagesOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Largest picture accepted from the provider (or from the address it points to). */
  maxBytes: number;
}

export class OpenAiImagesProvider implements ImageProvider {
  readonly name = 'openai-images';
  readonly model: string;
  readonly #options: OpenAiImagesOptions;

  constructor(options: OpenAiImagesOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.model = options.model;
  }

  async generate(request: ImageRequest): Promise<Buffer> {
    const signal = AbortSignal.any([
      AbortSignal.timeout(this.#options.timeoutMs),
      ...(request.signal ? [request.signal] : []),
    ]);
    let reply: { data?: Array<{ b64_json?: string; url?: string }>; error?: { message?: string } };
    try {
      const response = await fetch(`${this.#options.baseUrl}/images/generations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.#options.apiKey ? { authorization: `Bearer ${this.#options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.model,
          prompt: request.prompt,
          n: 1,
          size: '1024x1024',
          response_format: 'b64_json',
        }),
        signal,
      });
      reply = (await response.json().catch(() => ({}))) as typeof reply;
      if (!response.ok) throw new ImageProviderError(`HTTP ${response.status}: ${reply.error?.message ?? ''}`);
    } catch (e) {
      throw e instanceof ImageProviderError ? e : new ImageProviderError(String(e));
    }
    const first = reply.data?.[0];
    if (first?.b64_json) {
      const bytes = Buffer.from(first.b64_json, 'base64');
      if (bytes.length === 0 || bytes.length > this.#options.maxBytes) throw new ImageProviderError('bad image size');
      return bytes;
    }
    if (first?.url && /^https?:\/\//.test(first.url)) {
      try {
        const response = await fetch(first.url, { signal });
        const bytes = Buffer.from(await response.arrayBuffer());
        if (!response.ok || bytes.length === 0 || bytes.length > this.#options.maxBytes) {
          throw new ImageProviderError('bad image download');
        }
        return bytes;
      } catch (e) {
        throw e instanceof ImageProviderError ? e : new ImageProviderError(String(e));
      }
    }
    throw new ImageProviderError('no image in the reply');
  }
}

/** The configured provider, or null when none is (the no-provider state). */
export function imageProviderFrom(env: Record<string, string | undefined>): ImageProvider | null {
  const baseUrl = env.IMAGE_AI_URL?.trim();
  const model = env.IMAGE_AI_MODEL?.trim();
  if (!baseUrl || !model) return null;
  return new OpenAiImagesProvider({
    baseUrl,
    apiKey: env.IMAGE_AI_KEY?.trim() || undefined,
    model,
    timeoutMs: 55_000,
    maxBytes: 20 * 1024 * 1024,
  });
}
