// A time of day ("HH:MM", no date, no zone: quiet hours) as the person's language writes it.

/** "23:00" as the language writes a time of day: "11:00 PM" in English, "23:00" in Russian. */
export function formatTimeOfDay(time: string, locale: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours, minutes),
  );
}
