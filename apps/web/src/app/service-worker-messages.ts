/** What the service worker (sw/sw.ts) asks an open page at install: the build's files it has loaded (answered by AppUpdate). */
export const LOADED_FILES = 'LOADED_FILES';
