import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A counter that moves whenever this process writes to the database (any statement that is not a
 * SELECT; raw SQL counts as a write). Hot read paths cache what they computed together with the
 * counter's value and trust the cache only while it has not moved: exact within one process. Writes
 * made by other instances are not seen, so such caches also carry a short time limit.
 */
class WriteGeneration implements KyselyPlugin {
  #value = 0;
  /** Writes in flight: query id → whether it is raw SQL (whose effect cannot be read). */
  readonly #writes = new Map<unknown, boolean>();

  get value(): number {
    return this.#value;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== 'SelectQueryNode') {
      // A failed query never reaches transformResult; keep the map from growing on such leftovers.
      if (this.#writes.size > 10_000) this.#writes.clear();
      this.#writes.set(args.queryId, args.node.kind === 'RawNode');
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Counted once the write is done (a read that ran alongside it is then no longer trusted), and
    // only when it changed something: pollers whose UPDATE matches no row leave caches alone.
    const raw = this.#writes.get(args.queryId);
    if (raw !== undefined) {
      this.#writes.delete(args.queryId);
      const { numAffectedRows, rows } = args.result;
      if (raw || (numAffectedRows ?? 0n) > 0n || rows.length > 0) this.#value++;
    }
    return args.result;
  }
}

export const writeGeneration = new WriteGeneration();
