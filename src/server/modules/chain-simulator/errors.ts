import { ApiError } from '../../http/api-error';

/** The simulator's failures: stable codes with English messages for the `npm run chain` command. */
export const chainSimulatorErrors = {
  invalidAddress: (network: string) =>
    new ApiError(422, 'invalid_address', `This is not a valid ${network} test-network address`),
  unrecognisedAddress: () =>
    new ApiError(422, 'invalid_address', 'This is not a valid address of any supported test network'),
  ambiguousAddress: (networks: readonly string[]) =>
    new ApiError(
      422,
      'network_required',
      `This address is valid on several networks (${networks.join(', ')}) and is not a deposit address; name the network`,
      { networks },
    ),
  assetNotOnNetwork: (asset: string, network: string) =>
    new ApiError(404, 'network_not_found', `${asset} is not on the ${network} network`),
  invalidAmount: (message: string) => new ApiError(422, 'invalid_amount', message),
  invalidTxid: (network: string) =>
    new ApiError(422, 'invalid_txid', `This is not a ${network} transaction id (32 bytes in hex)`),
  depositForbidden: (reason: string) =>
    new ApiError(403, 'deposit_forbidden', `The deposit was refused and nothing was recorded: ${reason}`),
  withdrawalNotFound: () => new ApiError(404, 'withdrawal_not_found', 'No such withdrawal was found'),
  withdrawalStatusConflict: (status: string, allowed: readonly string[]) =>
    new ApiError(
      409,
      'withdrawal_status_conflict',
      `The withdrawal is ${status}; this outcome applies only to a withdrawal that is ${allowed.join(' or ')}`,
      { status },
    ),
  /** The row's status and the ledger disagree (a row changed by hand, or a bug): no money moves. */
  withdrawalLedgerConflict: (status: string, steps: readonly string[]) =>
    new ApiError(
      409,
      'withdrawal_ledger_conflict',
      `The withdrawal is ${status}, but its ledger holds ${steps.length === 0 ? 'no postings' : steps.join(', ')}; nothing was changed`,
      { status, steps },
    ),
};
