import type { LaunchParams } from './launchParams.ts';
import { createMiniAppPlatform } from './miniApp.ts';
import type { Platform } from './types.ts';
import { createWebPlatform } from './web.ts';

/** Start-up: the page's launch parameters (read once, earlyStart.ts) decide between the mini app and the web wallet. */
export function createPlatform(launch: LaunchParams | null): Platform {
  return launch ? createMiniAppPlatform(launch) : createWebPlatform();
}
