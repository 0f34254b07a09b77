/**
 * Search keys of a product (see catalog.schema.ts and services/api/catalog/search.queries.ts). A keyword matches a
 * case-insensitive substring of name or brief: `search_text like '%kw%'`, both sides lower-cased here in JavaScript
 * (so they fold alike, and the recheck is a plain `like`, half the cost of `ilike` on Chinese text). The product
 * also keeps its distinct 1- and 2-character grams: pg_trgm extracts no trigram from a 1-2 character pattern, so
 * short keywords are served by the gram array index, and longer ones add their character pairs as a prefilter
 * the planner can estimate. A gram is only a prefilter: every hit is rechecked by the `like`.
 */

/** What the `like` matches against: name and brief, lower-cased, on separate lines. */
export const searchTextOf = (productName: string, productBrief: string): string =>
  `${productName.toLowerCase()}\n${productBrief.toLowerCase()}`;

/** Distinct characters and adjacent character pairs of name and brief (each line apart), in code points. */
export function searchGramsOf(productName: string, productBrief: string): string[] {
  const grams = new Set<string>();
  for (const line of [productName, productBrief]) {
    const chars = Array.from(line.toLowerCase());
    chars.forEach((char, i) => {
      grams.add(char);
      if (i + 1 < chars.length) grams.add(char + chars[i + 1]);
    });
  }
  return [...grams];
}

/**
 * Grams every match must contain: the query itself when it has 1-2 characters, else its distinct adjacent pairs.
 * They prefilter through the GIN array index and give the planner element statistics, which a `like` lacks.
 */
export function queryGrams(query: string): string[] {
  const chars = Array.from(query.toLowerCase());
  if (chars.length <= 2) return chars.length === 0 ? [] : [chars.join('')];
  return [...new Set(chars.slice(1).map((char, i) => chars[i] + char))];
}

/** `%query%` for `like … escape '\'`: the user's `%`, `_` and `\` match themselves. */
export const containsPattern = (query: string): string => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
