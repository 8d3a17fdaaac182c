// The parts of a compiled catalog (scripts/vite/catalogParts.ts, src/app/lib/locale.ts).
declare module '*/messages.ts?part=first' {
  export const messages: import('@lingui/core').Messages;
}
declare module '*/messages.ts?part=withdraw' {
  export const messages: import('@lingui/core').Messages;
}
declare module '*/messages.ts?part=withdrawLater' {
  export const messages: import('@lingui/core').Messages;
}
declare module '*/messages.ts?part=rest' {
  export const messages: import('@lingui/core').Messages;
}
declare module 'virtual:kopilka/first-screen-routes' {
  /** The first part's route ids and the root's; null outside a build (every route is a first screen's). */
  export const firstScreenRouteIds: readonly string[] | null;
  /** The route ids of the first screens whose texts come in a part of their own, with the part's name. */
  export const screenPartRouteIds: Readonly<Record<string, string>>;
}
