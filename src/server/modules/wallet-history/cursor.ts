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

/** The cursor a page handed out, or a 400 for anything else. */
export function decodeCursor(text: string): HistoryCursor {
  const [firstAt = '', operationId = '', asset = '', ...rest] = Buffer.from(text, 'base64url')
    .toString('utf8')
    .split('|');
  if (
    rest.length > 0 ||
    !timestampPattern.test(firstAt) ||
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
