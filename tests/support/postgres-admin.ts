import pg from "pg";

/** Runs statements on a connection of their own (CREATE and DROP DATABASE need one outside any pool). */
export async function runAsAdmin(url: string, ...statements: string[]): Promise<pg.QueryResult[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results: pg.QueryResult[] = [];
    for (const statement of statements) results.push(await client.query(statement));
    return results;
  } finally {
    await client.end();
  }
}
