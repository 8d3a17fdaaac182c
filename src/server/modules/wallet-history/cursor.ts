import { validationFailed } from '../../http/api-error';

/**
 * Where a history page ended: the sort key of its last item. Opaque to clients (base64url), and
 * stable under inserts: a newer operation sorts before it, so the next page neither repeats nor
 * skips anything.
 */
export interface HistoryCursor {
  /** The operation's first journal time, in UTC with the database's microseconds. */
  readonly firstAt: string;
  readonly operationId: string;
  readonly asset: string;
}

const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const assetPattern = /^[A-Z0-9]{2,12}$/;

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.firstAt}|${cursor.operationId}|${cursor.asset}`, 'utf8').toString('base64url');
}

/**
 * Whether the time is one the calendar has (no month 13, February 30 or hour 25) and PostgreSQL
 * reads as written: the year is 1 or later (there is no year 0; "0000" would fail the query).
 */
function isRealTime(firstAt: string): boolean {
  if (firstAt.startsWith('0000')) return false;
  // Date reads milliseconds; the microseconds are checked by the pattern alone.
  const milliseconds = `${firstAt.slice(0, 23)}Z`;
  const date = new Date(milliseconds);
  return !Number.isNaN(date.getTime()) && date.toISOString() === milliseconds;
}

/**
 * The cursor a page handed out, or a 400 `invalid_cursor` for anything else: a forged or
 * damaged cursor must never reach the query, where an impossible time is a database error.
 */
export function decodeCursor(text: string): HistoryCursor {
  const [firstAt = '', operationId = '', asset = '', ...rest] = Buffer.from(text, 'base64url')
    .toString('utf8')
    .split('|');
  if (
    rest.length > 0 ||
    !timestampPattern.test(firstAt) ||
    !isRealTime(firstAt) ||
    !uuidPattern.test(operationId) ||
    !assetPattern.test(asset)
  ) {
    throw validationFailed({
      location: 'query',
      issues: [
        { path: ['cursor'], code: 'invalid_cursor', message: 'Not a cursor of this list; start from the first page' },
      ],
    });
  }
  return { firstAt, operationId, asset };
}

export function isUuid(text: string): boolean {
  return uuidPattern.test(text);
}
