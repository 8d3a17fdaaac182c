import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Platform, ThemeState } from './types.ts';

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a <PlatformContext.Provider>');
  return platform;
}

/** The current colour scheme and where it comes from, following live changes. */
export function useTheme(): ThemeState {
  const platform = usePlatform();
  return useSyncExternalStore(platform.subscribeTheme, platform.getTheme, platform.getTheme);
}
