import { formatCountdown, useSecondsLeft } from '../../lib/countdown.ts';

/** The time left until `dueAt`, ticking each second ("04:59", "11:59:59"); "00:00" once due. */
export function Countdown({ dueAt }: { dueAt: string }) {
  const seconds = useSecondsLeft(dueAt) ?? 0;
  return (
    <time className="p2p-order-countdown" dateTime={dueAt}>
      {formatCountdown(seconds)}
    </time>
  );
}
