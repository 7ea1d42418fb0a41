import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

/**
 * A request's logger (with its request id), made only when something is logged at an enabled
 * level. Creating a pino child with redaction for every request cost a fifth of a simple route's
 * throughput, while most requests never log above the configured level.
 */
class LazyRequestLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options?: ChildLoggerOptions;
  #child: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options?: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(value: string) {
    this.#real().level = value;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(level: Level, args: unknown[]): void {
    if (!((this.#child ?? this.#parent) as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level))
      return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
