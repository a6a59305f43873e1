import { LIST_MAX_LIMIT } from '@groundwork/core/limits';

interface Page<T> {
  items: readonly T[];
  nextToken?: string | null;
}

/** Follows nextToken until the last page; lists are paginated server-side at up to 1000 rows a page. */
export async function fetchAllPages<T>(fetchPage: (args: { limit: number; nextToken: string | null }) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let nextToken: string | null = null;
  // A guard against a server that keeps returning the same token.
  for (let pageCount = 0; pageCount < 1000; pageCount += 1) {
    const page: Page<T> = await fetchPage({ limit: LIST_MAX_LIMIT, nextToken });
    all.push(...page.items);
    if (!page.nextToken || page.nextToken === nextToken) break;
    nextToken = page.nextToken;
  }
  return all;
}
