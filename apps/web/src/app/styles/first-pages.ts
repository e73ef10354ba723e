/**
 * The pages a newcomer lands on: they must show fast on a phone (issue 13). The logged-in shell is
 * not part of their code.
 */
export const FIRST_PAGES: ReadonlySet<string> = new Set(['/', '/login', '/professionnel']);

export const isFirstPage = (pathname: string): boolean => FIRST_PAGES.has(pathname.replace(/(.)\/+$/, '$1'));
