import { Plural } from '@lingui/react/macro';

/** An offer's time to pay: "15 minutes", "1 hour", "2 hours". */
export function TimeLimitLabel({ minutes }: { minutes: number }) {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return <Plural value={hours} one="# hour" other="# hours" />;
  }
  return <Plural value={minutes} one="# minute" other="# minutes" />;
}
