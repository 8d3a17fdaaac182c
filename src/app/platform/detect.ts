import { readPageLaunchParams } from './launchParams.ts';
import { createMiniAppPlatform } from './miniApp.ts';
import type { Platform } from './types.ts';
import { createWebPlatform } from './web.ts';

/** Start-up: launch parameters decide between the mini app and the web wallet, once. */
export function createPlatform(): Platform {
  const launch = readPageLaunchParams();
  return launch ? createMiniAppPlatform(launch) : createWebPlatform();
}
