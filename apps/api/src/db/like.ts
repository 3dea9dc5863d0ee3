/** Text searched with LIKE/ILIKE as itself: its `%`, `_` and `\` match only themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
