import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/** Marks a named argument's place among a compiled query's parameters. */
const MARK = "\u0000prepared-query-argument:";

interface Template {
  compiled: CompiledQuery;
  /** For each parameter of the compiled query: the argument's name, or null for a constant. */
  names: (string | null)[];
}

/**
 * A query built and compiled once per dialect, then run with new arguments: Kysely builds a
 * query's tree, freezes it and compiles it to SQL on every call, which cost about a seventh of
 * the server's CPU under the mixed load (`npm run load`) for SQL texts that never change.
 *
 * `build` receives each argument as a marker and must pass it to Kysely as a plain value (a
 * `where` operand, a `limit`, a column's value): the markers' places among the compiled
 * parameters are where the arguments go. So the query's shape must not depend on the arguments;
 * give a query whose shape varies one prepared form per shape. The SQL is compiled by the
 * database the query first runs on (SQLite or PostgreSQL placeholders), kept per dialect adapter.
 */
export function preparedQuery<Args extends object, Row>(
  argNames: readonly (keyof Args & string)[],
  build: (db: Db, args: Args) => Compilable<Row>,
) {
  const templates = new WeakMap<object, Template>();
  const markers = Object.fromEntries(
    argNames.map((name) => [name, `${MARK}${name}`]),
  ) as unknown as Args;

  const templateFor = (db: Db): Template => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      const compiled = build(db, markers).compile();
      const names = compiled.parameters.map((value) =>
        typeof value === "string" && value.startsWith(MARK) ? value.slice(MARK.length) : null,
      );
      const missing = argNames.filter((name) => !names.includes(name));
      if (missing.length > 0) {
        throw new Error(`preparedQuery: ${missing.join(", ")} not passed to the query as values`);
      }
      template = { compiled, names };
      templates.set(adapter, template);
    }
    return template;
  };

  return (db: Db, args: Args): Promise<QueryResult<Row>> => {
    const { compiled, names } = templateFor(db);
    const values = args as Record<string, unknown>;
    const parameters = names.map((name, i) =>
      name === null ? compiled.parameters[i] : values[name],
    );
    // No plugins are configured, so the template's query tree and id serve every run.
    return db.executeQuery<Row>({ ...compiled, parameters });
  };
}

/** How many rows an UPDATE, DELETE or INSERT run through preparedQuery changed. */
export function affectedRows(result: QueryResult<unknown>): number {
  return Number(result.numAffectedRows ?? 0);
}
