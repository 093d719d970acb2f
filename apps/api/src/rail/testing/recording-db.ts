/** A Tx that keeps the statements it was given and answers no rows (the rail tables' specs). */
export function recordingDb() {
  const statements: string[] = [];
  return {
    statements,
    db: {
      query: async <Row>(sql: string) => {
        statements.push(sql);
        return { rows: [] as Row[], rowCount: 0 };
      },
    },
  };
}
