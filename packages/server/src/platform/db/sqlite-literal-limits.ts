import {
  LimitNode, OperationNodeTransformer, ValueNode,
  type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow,
} from 'kysely';

/** Rewrites `limit ?` with a whole number into `limit <number>`; leaves every other node as it is. */
class LiteralLimits extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const { limit } = node;
    if (ValueNode.is(limit) && !limit.immediate && typeof limit.value === 'number' && Number.isSafeInteger(limit.value)) {
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    }
    return super.transformLimit(node);
  }
}

/**
 * SQLite (built with STAT4, as better-sqlite3 ships it) plans again on every run a statement whose
 * LIMIT is a bound parameter, since the value may change the plan: `… limit ?` costs about 20 µs
 * more per run than `… limit 1` (measured on the session read every request makes, 29 vs 9 µs).
 * Kysely binds every limit, so whole-number limits are written into the SQL instead; they are
 * numbers checked here, never text, so nothing can be injected. Offsets stay parameters (they do
 * not trigger the re-planning and vary page by page, which would multiply the statements cached).
 */
export class SqliteLiteralLimitsPlugin implements KyselyPlugin {
  readonly #transformer = new LiteralLimits();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
