// Replaced at build time by vite.config.ts (`define`): the web package's version and, where the build
// has one, its commit (`0.1.0+4897100`), or LUDEX_RELEASE when the build is given one.
declare const __LUDEX_RELEASE__: string

/** The release this build was made from: error reports carry it. 'dev' where nothing defined it (tests). */
export const RELEASE: string = typeof __LUDEX_RELEASE__ === 'string' ? __LUDEX_RELEASE__ : 'dev'
