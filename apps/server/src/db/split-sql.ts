/**
 * Splits a migration file into statements. PGlite runs one statement per query (extended
 * protocol), so a file is sent statement by statement; quotes, $tag$ bodies and comments are
 * respected so a ';' inside them does not split.
 */
export function splitSqlStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    let chunk: string;
    if (rest.startsWith('--')) {
      const end = rest.indexOf('\n');
      chunk = end === -1 ? rest : rest.slice(0, end + 1);
    } else if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/', 2);
      chunk = end === -1 ? rest : rest.slice(0, end + 2);
    } else if (rest.startsWith("'")) {
      const match = /^'(?:[^']|'')*'/.exec(rest);
      chunk = match ? match[0] : rest;
    } else if (dollar) {
      const tag = dollar[0];
      const end = rest.indexOf(tag, tag.length);
      chunk = end === -1 ? rest : rest.slice(0, end + tag.length);
    } else if (rest.startsWith(';')) {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i += 1;
      continue;
    } else {
      chunk = rest.charAt(0);
    }
    current += chunk;
    i += chunk.length;
  }
  if (stripComments(current).trim()) statements.push(current.trim());
  return statements.filter((statement) => stripComments(statement).trim() !== '');
}

function stripComments(statement: string): string {
  return statement.replace(/--[^\n]*\n?/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
}
