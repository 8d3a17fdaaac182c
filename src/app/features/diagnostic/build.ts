import { version } from '../../../../package.json';

/**
 * The app's version and build: the package version, and in production the content hash of
 * this chunk's file name (it changes with every build that changes the code).
 */
export function appBuild(): string {
  if (import.meta.env.DEV) return `${version} (dev)`;
  const hash = /-([A-Za-z0-9_-]{6,})\.js$/.exec(new URL(import.meta.url).pathname)?.[1];
  return hash ? `${version} (${hash})` : version;
}
