import { useQuery } from '@tanstack/react-query';
import { authConfigQueryOptions } from '../../api/authConfig.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';

/**
 * The link that shares a screen of the market (P2P.md: "Offers can be shared by link"): inside
 * the mini app the bot's deep link with the start parameter (`https://t.me/{bot}?startapp=offer-42`,
 * resolved by the deepLink machine, docs/deep-links.md), so it opens in Telegram; on the web this
 * page's own address on this origin (`https://…/p2p/offers/42`). Null while the bot's name is not
 * known yet.
 */
export function useShareLink(startParam: string, path: string): string | null {
  const platform = usePlatform();
  const config = useQuery({ ...authConfigQueryOptions(), enabled: platform.kind === 'mini-app' });
  if (platform.kind === 'web') return `${window.location.origin}${path}`;
  const bot = config.data?.bot_username;
  return bot === undefined ? null : `https://t.me/${bot}?startapp=${startParam}`;
}
